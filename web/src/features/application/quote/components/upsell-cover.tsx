import { RiseOutlined } from '@ant-design/icons';
import { Alert, Button, Form, InputNumber, Modal } from 'antd';
import { useRef, useState, type ComponentRef } from 'react';
import { useNavigate } from 'react-router';
import { paths } from '@/app/paths';
import { useMessage } from '@/components/feedback';
import { isApiError } from '@/lib/api-error';
import { formatMoney } from '@/lib/format';
import { useUpsellCover } from '../api/upsell-cover';
import type { Applicant, Application, Cover } from '../../shared/application-model';
import { quoteStrings } from '../strings';
import { upsellInput, type UpsellBounds } from '../upsell-model';

const t = quoteStrings.upsell;

/** Thousands separators while typing: 250000 reads as 250,000. */
const groupDigits = (value: number | string | undefined) => String(value ?? '').replace(/\B(?=(\d{3})+(?!\d))/g, ',');

interface UpsellCoverProps {
  application: Application;
  applicant: Applicant;
  cover: Cover;
  coverId: string;
  label: string;
  bounds: UpsellBounds;
  disabled: boolean;
}

/**
 * §7 `upsellcover` (docs/decisions.md HB2): at the decision, a larger amount for one cover within
 * the bounds the product and the client's age allow; the server checks again. The decision is then
 * priced again on the new amount, on the Decision page.
 */
export function UpsellCover({ application, applicant, cover, coverId, label, bounds, disabled }: UpsellCoverProps) {
  const [open, setOpen] = useState(false);
  const [form] = Form.useForm<{ amount: number | null }>();
  // The dialog focuses itself as it opens; the amount box then takes focus, so the adviser types at once.
  const amountRef = useRef<ComponentRef<typeof InputNumber>>(null);
  const upsell = useUpsellCover(application.id);
  const message = useMessage();
  const navigate = useNavigate();
  const amountLabel = bounds.field === 'monthlyBenefit' ? t.newMonthlyBenefit : t.newCoverAmount;

  const submit = async ({ amount }: { amount: number | null }) => {
    if (amount === null) return;
    try {
      await upsell.mutateAsync({ applicantId: applicant.id, coverId, cover: upsellInput(cover, bounds, amount) });
      setOpen(false);
      void message.success(t.done(label, formatMoney(amount)));
      void navigate(paths.decision(application.id));
    } catch {
      // Shown in the dialog from the mutation's error.
    }
  };

  return (
    <>
      <Button size="small" icon={<RiseOutlined aria-hidden="true" />} aria-label={t.increaseCover(label)} disabled={disabled} onClick={() => setOpen(true)}>
        {t.increase}
      </Button>
      <Modal
        open={open}
        title={t.title(label)}
        okText={t.submit}
        cancelText={t.cancel}
        confirmLoading={upsell.isPending}
        onOk={() => form.submit()}
        onCancel={() => setOpen(false)}
        afterOpenChange={(opened) => {
          if (opened) amountRef.current?.focus();
        }}
        destroyOnHidden
      >
        <p>{t.explain(formatMoney(bounds.current))}</p>
        {upsell.isError && (
          <Alert type="error" showIcon style={{ marginBottom: 16 }} message={isApiError(upsell.error) ? upsell.error.message : t.failed} />
        )}
        <Form form={form} layout="vertical" onFinish={(values) => void submit(values)} initialValues={{ amount: null }}>
          <Form.Item
            name="amount"
            label={amountLabel}
            extra={bounds.restrictedFromAge === null ? t.bounds(formatMoney(bounds.min), formatMoney(bounds.max)) : t.boundsRestricted(formatMoney(bounds.min), formatMoney(bounds.max), bounds.restrictedFromAge)}
            rules={[
              { required: true, message: t.required(amountLabel) },
              { type: 'number', min: bounds.min, max: bounds.max, message: t.outOfBounds(formatMoney(bounds.min), formatMoney(bounds.max)) },
            ]}
          >
            <InputNumber<number> prefix="£" controls={false} precision={0} formatter={groupDigits} style={{ width: '100%' }} inputMode="numeric" ref={amountRef} />
          </Form.Item>
        </Form>
      </Modal>
    </>
  );
}
