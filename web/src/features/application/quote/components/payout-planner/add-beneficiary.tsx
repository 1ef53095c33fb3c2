import { UserAddOutlined } from '@ant-design/icons';
import { Button, Col, Flex, Form, Input, Row, Typography } from 'antd';
import { useState } from 'react';
import { useMessage } from '@/components/feedback';
import { ProblemList } from '@/components/problem-list';
import { useAddBeneficiary } from '../../api/add-beneficiary';
import { titles } from '../../../shared/applicant-form-model';
import { DateOfBirthPicker } from '../../../shared/components/date-of-birth-picker';
import { NameFields } from '../../../shared/components/name-fields';
import { splitFormErrors, useSaveProblems } from '../../../shared/form-errors';
import {
  BENEFICIARY_NAME_MAX_LENGTH,
  RELATIONSHIP_MAX_LENGTH,
  addedBeneficiary,
  toBeneficiaryDetails,
  type BeneficiaryFormValues,
  type CandidateBeneficiary,
} from '../../payout-model';
import { quoteStrings } from '../../strings';

const t = quoteStrings.payout;

interface AddBeneficiaryProps {
  applicationId: number;
  coverId: string;
  before: readonly CandidateBeneficiary[];
  busy: boolean;
  onAdded: (beneficiary: CandidateBeneficiary) => void;
}

const beneficiaryFields = ['title', 'firstName', 'lastName', 'relationship', 'dateOfBirth'] as const;

/** A small form for someone outside the application who should receive a share. */
export function AddBeneficiary({ applicationId, coverId, before, busy, onAdded }: AddBeneficiaryProps) {
  const add = useAddBeneficiary(applicationId);
  const message = useMessage();
  const [open, setOpen] = useState(false);
  const [form] = Form.useForm<BeneficiaryFormValues>();
  const { problems, attempt } = useSaveProblems(form, t.genericError);

  if (!open) {
    return (
      <Button type="link" icon={<UserAddOutlined aria-hidden="true" />} onClick={() => setOpen(true)} disabled={busy} className="share-add__beneficiary">
        {t.addBeneficiary}
      </Button>
    );
  }

  const submit = async (values: BeneficiaryFormValues) => {
    await attempt(
      async () => {
        const application = await add.mutateAsync(toBeneficiaryDetails(values));
        const added = addedBeneficiary(before, application.candidateBeneficiaries);
        void message.success(t.beneficiaryAdded);
        setOpen(false);
        if (added) onAdded(added);
      },
      (errors) => splitFormErrors(errors, beneficiaryFields),
    );
  };

  const nameRules = (label: string, required: string) => [
    { required: true, whitespace: true, message: required },
    { max: BENEFICIARY_NAME_MAX_LENGTH, message: t.nameTooLong(label) },
  ];

  return (
    <div className="beneficiary-form" role="group" aria-label={t.beneficiaryTitle}>
      <Typography.Text strong style={{ display: 'block', marginBottom: 8 }}>
        {t.beneficiaryTitle}
      </Typography.Text>
      <ProblemList title={t.beneficiaryProblemTitle} problems={problems} style={{ marginBottom: 12 }} />
      <Form<BeneficiaryFormValues> form={form} name={`beneficiary-${coverId}`} layout="vertical" onFinish={(values) => void submit(values)}>
        <NameFields
          gutter={12}
          title={{ label: t.title, placeholder: t.titlePlaceholder, titles }}
          first={{ name: 'firstName', label: t.firstName, rules: nameRules(t.firstName, t.firstNameRequired), autoFocus: true }}
          last={{ name: 'lastName', label: t.lastName, rules: nameRules(t.lastName, t.lastNameRequired) }}
        />
        <Row gutter={12}>
          <Col xs={24} sm={12}>
            <Form.Item name="relationship" label={t.relationship} rules={[{ max: RELATIONSHIP_MAX_LENGTH, message: t.relationshipTooLong }]}>
              <Input autoComplete="off" placeholder={t.relationshipPlaceholder} />
            </Form.Item>
          </Col>
          <Col xs={24} sm={12}>
            <Form.Item name="dateOfBirth" label={t.dateOfBirth}>
              <DateOfBirthPicker />
            </Form.Item>
          </Col>
        </Row>
        <Flex gap="small" justify="flex-end">
          <Button onClick={() => setOpen(false)}>{t.cancel}</Button>
          <Button type="primary" htmlType="submit" loading={add.isPending}>
            {t.saveBeneficiary}
          </Button>
        </Flex>
      </Form>
    </div>
  );
}
