import { Button, Col, Form, InputNumber, Row, Typography, type FormInstance } from 'antd';
import { useMessage } from '@/components/feedback';
import { FormSelect } from '@/components/form-select';
import { ProblemList } from '@/components/problem-list';
import { useAddAllocation } from '../../api/add-allocation';
import { checked, splitFormErrors, useSaveProblems } from '../../../shared/form-errors';
import { checkShare, partyKey, remainingHundredths, toAllocationInput, type BenefitAllocation, type Party, type PartyType, type ShareFormValues } from '../../payout-model';
import { quoteStrings } from '../../strings';

const t = quoteStrings.payout;

interface AddShareProps {
  form: FormInstance<ShareFormValues>;
  applicationId: number;
  applicantId: string;
  coverId: string;
  allocations: readonly BenefitAllocation[];
  available: readonly Party[];
  busy: boolean;
}

const groups: readonly PartyType[] = ['child', 'applicant', 'beneficiary'];

/** Who receives the next share and how much of the payout; offered while some is left to share out. */
export function AddShare({ form, applicationId, applicantId, coverId, allocations, available, busy }: AddShareProps) {
  const add = useAddAllocation(applicationId);
  const message = useMessage();
  const { problems, attempt } = useSaveProblems(form, t.genericError);
  const remaining = remainingHundredths(allocations);

  const options = groups
    .map((type) => ({
      label: t.groups[type],
      title: t.groups[type],
      options: available.filter((party) => party.type === type).map((party) => ({ value: partyKey(party), label: party.name })),
    }))
    .filter((group) => group.options.length > 0);

  const submit = async ({ who, percent }: ShareFormValues) => {
    const party = available.find((candidate) => partyKey(candidate) === who);
    if (!party || typeof percent !== 'number') return;
    await attempt(
      async () => {
        const application = await add.mutateAsync({ applicantId, coverId, allocation: toAllocationInput(party, percent) });
        const cover = application.applicants.find((applicant) => applicant.id === applicantId)?.covers?.find((candidate) => candidate.id === coverId);
        const left = remainingHundredths(cover?.benefitAllocations ?? []);
        form.setFieldsValue({ who: null, percent: left > 0 ? left / 100 : null });
        void message.success(t.added);
      },
      (errors) => splitFormErrors<'who' | 'percent'>(errors, ['who', 'percent'], { referenceId: 'who', type: 'who' }),
    );
  };

  return (
    <div className="share-add">
      <ProblemList title={t.problemTitle} problems={problems} style={{ marginBottom: 12 }} />
      <Form<ShareFormValues>
        form={form}
        name={`share-${coverId}`}
        layout="vertical"
        initialValues={{ who: null, percent: remaining > 0 ? remaining / 100 : null }}
        onFinish={(values) => void submit(values)}
      >
        <Row gutter={12} align="bottom">
          <Col xs={24} sm={13}>
            <Form.Item name="who" label={t.who} rules={[{ required: true, message: t.whoRequired }]}>
              <FormSelect placeholder={t.whoPlaceholder} options={options} notFoundContent={t.nobody} />
            </Form.Item>
          </Col>
          <Col xs={12} sm={6}>
            <Form.Item
              name="percent"
              label={t.share}
              rules={[{ validator: (_rule, value: number | null | undefined) => checked(checkShare(allocations, value, null)) }]}
            >
              <InputNumber<number> suffix="%" controls={false} min={0} style={{ width: '100%' }} inputMode="decimal" />
            </Form.Item>
          </Col>
          <Col xs={12} sm={5}>
            <Form.Item>
              <Button htmlType="submit" block loading={add.isPending} disabled={busy && !add.isPending}>
                {t.addShare}
              </Button>
            </Form.Item>
          </Col>
        </Row>
      </Form>
      {available.length === 0 && <Typography.Paragraph type="secondary">{t.nobody}</Typography.Paragraph>}
    </div>
  );
}
