import { Button, Flex, Form, InputNumber, Typography } from 'antd';
import { useMessage } from '@/components/feedback';
import { ProblemList } from '@/components/problem-list';
import { useEditAllocation } from '../../api/edit-allocation';
import { checked, splitFormErrors, useSaveProblems } from '../../../shared/form-errors';
import { checkShare, toAllocationInput, type BenefitAllocation, type ShareFormValues } from '../../payout-model';
import { quoteStrings } from '../../strings';

const t = quoteStrings.payout;

interface EditShareProps {
  applicationId: number;
  applicantId: string;
  coverId: string;
  allocation: BenefitAllocation;
  allocations: readonly BenefitAllocation[];
  onDone: () => void;
}

/** A share being changed, in place of its line in the list. */
export function EditShare({ applicationId, applicantId, coverId, allocation, allocations, onDone }: EditShareProps) {
  const edit = useEditAllocation(applicationId);
  const message = useMessage();
  const [form] = Form.useForm<ShareFormValues>();
  const { problems, attempt } = useSaveProblems(form, t.genericError);
  const name = allocation.beneficiary ?? '';

  const save = async ({ percent }: ShareFormValues) => {
    const { id, referenceId, type } = allocation;
    if (!id || !referenceId || !type || typeof percent !== 'number') return;
    await attempt(
      async () => {
        await edit.mutateAsync({ applicantId, coverId, allocationId: id, allocation: toAllocationInput({ type, referenceId }, percent) });
        void message.success(t.saved);
        onDone();
      },
      (errors) => splitFormErrors(errors, ['percent'] as const),
    );
  };

  return (
    <li className="share-item" aria-label={t.editShare(name)}>
      <ProblemList title={t.problemTitle} problems={problems} style={{ marginBottom: 12 }} />
      <Form<ShareFormValues>
        form={form}
        name={`share-edit-${allocation.id ?? ''}`}
        layout="inline"
        initialValues={{ percent: allocation.percent ?? null }}
        onFinish={(values) => void save(values)}
        className="share-form"
      >
        <Typography.Text className="share-form__name">{name}</Typography.Text>
        <Form.Item
          name="percent"
          label={t.share}
          rules={[{ validator: (_rule, value: number | null | undefined) => checked(checkShare(allocations, value, allocation.id)) }]}
        >
          <InputNumber<number> suffix="%" controls={false} min={0} style={{ width: 120 }} inputMode="decimal" autoFocus />
        </Form.Item>
        <Flex gap="small">
          <Button onClick={onDone}>{t.cancel}</Button>
          <Button type="primary" htmlType="submit" loading={edit.isPending}>
            {t.save}
          </Button>
        </Flex>
      </Form>
    </li>
  );
}
