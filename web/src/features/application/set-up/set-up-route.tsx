import { ArrowRightOutlined } from '@ant-design/icons';
import { Alert, Button, Card, Checkbox, Col, Flex, Form, Input, Row, Skeleton, Space, Typography } from 'antd';
import { FormSelect } from '@/components/form-select';
import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { paths } from '@/app/paths';
import type { Schemas } from '@/lib/api-client';
import { isApiError } from '@/lib/api-error';
import { checkBankDetails, COLLECTION_DAYS } from '@/lib/rules/bank-details';
import { pageStatusesFromSections } from '@/lib/rules/journey';
import { ApplicationHeader, ApplicationRoute, type ApplicationPageProps } from '../shared/components/application-page';
import { JourneySteps } from '../shared/components/journey-steps';
import { splitFormErrors } from '../shared/form-errors';
import { useDirectDebit } from '../shared/api/direct-debit';
import { DirectDebitCollections, DirectDebitGuarantee } from '../shared/components/direct-debit';
import { StartDateCard } from './components/start-date-card';
import { useCheckBankDetails, useOverrideBankCheck, useResetBankCheck, useSaveBankDetails } from './api/set-up';
import { setUpStrings as t } from './strings';

type Application = Schemas['Application'];
type BankField = 'name' | 'sortCode' | 'accountNumber' | 'collectionDay' | 'payerConfirmed';
const BANK_FIELDS: readonly BankField[] = ['name', 'sortCode', 'accountNumber', 'collectionDay', 'payerConfirmed'];

interface BankFormValues {
  name?: string;
  sortCode?: string;
  accountNumber?: string;
  collectionDay?: number;
  payerConfirmed?: boolean;
}

/** /v2/application/:applicationId/set-up */
export function SetUpRoute() {
  return <ApplicationRoute page={SetUp} />;
}

function SetUp({ applicationId, application: data }: ApplicationPageProps) {
  const open = data?.status === 'DECISION' && Boolean(data.proceededAt) && !data.active;
  return (
    <>
      <ApplicationHeader applicationId={applicationId} application={data} heading={t.heading} />
      <JourneySteps application={data} current="setup" />
      <Typography.Paragraph>{t.intro}</Typography.Paragraph>
      {!data ? (
        <Skeleton active paragraph={{ rows: 8 }} />
      ) : data.active ? (
        <Alert type="info" showIcon message={t.inForce} action={<Link to={paths.complete(data.id)}>{t.toComplete}</Link>} />
      ) : !open ? (
        <Alert type="info" showIcon message={t.notOpen} />
      ) : (
        <>
          <Row gutter={[24, 24]}>
            <Col xs={24} lg={14}>
              <BankDetailsCard application={data} />
            </Col>
            <Col xs={24} lg={10}>
              <StartDateCard application={data} />
            </Col>
            <Col span={24}>
              <DirectDebitCard application={data} />
            </Col>
          </Row>
          <ContinueToReview application={data} />
        </>
      )}
    </>
  );
}

/**
 * The Direct Debit as the payer must be told of it (AJ12): whose policies it pays for, the first
 * collection with its notice, and the Guarantee, shown beside the instruction as the scheme asks.
 */
function DirectDebitCard({ application }: { application: Application }) {
  const directDebit = useDirectDebit(application.id, application.version);
  return (
    <Card title={<h2 style={{ margin: 0, fontSize: 18 }}>{t.directDebitHeading}</h2>}>
      {directDebit.data ? (
        <Flex vertical gap={16}>
          <DirectDebitCollections directDebit={directDebit.data} />
          <DirectDebitGuarantee guarantee={directDebit.data.guarantee} />
        </Flex>
      ) : directDebit.isError ? (
        <Alert type="error" showIcon message={t.directDebitFailed} />
      ) : (
        <Skeleton active paragraph={{ rows: 4 }} />
      )}
    </Card>
  );
}

/** On to the review once nothing stops the policy going in force (the set-up section is complete). */
function ContinueToReview({ application }: { application: Application }) {
  const navigate = useNavigate();
  const done = pageStatusesFromSections(application.sections).setup;
  return (
    <Flex justify="flex-end" align="center" gap="middle" wrap style={{ marginTop: 24 }}>
      {!done && <Typography.Text type="secondary">{t.continueHelp}</Typography.Text>}
      <Button type="primary" size="large" disabled={!done} onClick={() => void navigate(paths.review(application.id))}>
        {t.continueToReview} <ArrowRightOutlined aria-hidden="true" />
      </Button>
    </Flex>
  );
}

/**
 * The bank details: typed in full once, then shown masked (the server never sends the whole
 * number back), checked (modulus, then Confirmation of Payee), with override after a warning.
 */
function BankDetailsCard({ application }: { application: Application }) {
  const saved = application.bankDetails ?? null;
  const [editing, setEditing] = useState(saved === null);
  const [form] = Form.useForm<BankFormValues>();
  const [problem, setProblem] = useState<string | null>(null);
  const save = useSaveBankDetails(application.id);
  const check = useCheckBankDetails(application.id);
  const override = useOverrideBankCheck(application.id);
  const reset = useResetBankCheck(application.id);

  const submit = async (values: BankFormValues) => {
    setProblem(null);
    const checked = checkBankDetails(values);
    if (!checked.details) {
      form.setFields(splitFormErrors<BankField>(checked.errors, BANK_FIELDS).byField);
      return;
    }
    try {
      await save.mutateAsync(checked.details);
      form.resetFields();
      setEditing(false);
    } catch (error) {
      if (!isApiError(error)) {
        setProblem(t.failed);
        return;
      }
      const { byField, other } = splitFormErrors<BankField>(error.fieldErrors, BANK_FIELDS);
      form.setFields(byField);
      setProblem(other[0] ?? (byField.length === 0 ? error.message : null));
    }
  };

  const act = (mutation: { mutateAsync: () => Promise<unknown> }) => async () => {
    setProblem(null);
    try {
      await mutation.mutateAsync();
    } catch (error) {
      setProblem(isApiError(error) ? error.message : t.failed);
    }
  };

  const status = application.bankCheck.status;
  const severity = application.bankCheckSeverity ?? null;
  const alertType = severity === 'verified' ? 'success' : severity === 'error' ? 'error' : 'warning';

  return (
    <Card title={<h2 style={{ margin: 0, fontSize: 18 }}>{t.bankHeading}</h2>}>
      {problem && <Alert type="error" showIcon message={problem} style={{ marginBottom: 16 }} />}
      {editing ? (
        <Form<BankFormValues> form={form} layout="vertical" onFinish={(values) => void submit(values)} requiredMark={false}>
          <Form.Item name="name" label={t.fields.name}>
            <Input autoComplete="off" maxLength={100} />
          </Form.Item>
          <Row gutter={16}>
            <Col xs={24} sm={10}>
              <Form.Item name="sortCode" label={t.fields.sortCode}>
                <Input autoComplete="off" inputMode="numeric" placeholder="12-34-56" />
              </Form.Item>
            </Col>
            <Col xs={24} sm={14}>
              <Form.Item name="accountNumber" label={t.fields.accountNumber}>
                <Input autoComplete="off" inputMode="numeric" />
              </Form.Item>
            </Col>
          </Row>
          <Form.Item name="collectionDay" label={t.fields.collectionDay}>
            <FormSelect<number> virtual={false} options={COLLECTION_DAYS.map((day) => ({ value: day, label: t.collectionDayOption(day) }))} />
          </Form.Item>
          <Form.Item name="payerConfirmed" valuePropName="checked">
            <Checkbox>{t.fields.payerConfirmed}</Checkbox>
          </Form.Item>
          <Button type="primary" htmlType="submit" loading={save.isPending}>
            {t.save}
          </Button>
        </Form>
      ) : (
        saved && (
          <Space direction="vertical" style={{ width: '100%' }}>
            <Typography.Text>
              {saved.name} · {t.saved(saved.accountNumber, saved.sortCode)} {t.collectionDayOption(saved.collectionDay)}
            </Typography.Text>
            <Space wrap>
              <Button onClick={() => setEditing(true)}>{t.change}</Button>
              {status === 'notChecked' && (
                <Button type="primary" loading={check.isPending} onClick={() => void act(check)()}>
                  {t.check}
                </Button>
              )}
            </Space>
            {check.isPending && <Typography.Text type="secondary">{t.checking}</Typography.Text>}
            {status !== 'notChecked' && application.bankCheckMessage && (
              <Alert
                type={status === 'manuallyVerified' ? 'success' : alertType}
                showIcon
                message={application.bankCheckMessage}
                action={
                  <Space direction="vertical">
                    {status === 'checked' && severity === 'warning' && (
                      <Button size="small" loading={override.isPending} onClick={() => void act(override)()}>
                        {t.override}
                      </Button>
                    )}
                    <Button size="small" loading={reset.isPending} onClick={() => void act(reset)()}>
                      {t.reset}
                    </Button>
                  </Space>
                }
              />
            )}
            {application.isBankCheckConfirmed && <Typography.Text strong>{t.confirmed}</Typography.Text>}
          </Space>
        )
      )}
    </Card>
  );
}
