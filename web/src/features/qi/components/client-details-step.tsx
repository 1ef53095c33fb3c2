import { Alert, Button, Card, Col, Flex, Form, Input, Radio, Row, Typography } from 'antd';
import { useEffect, useState, type ComponentProps } from 'react';
import { useNavigate } from 'react-router';
import { paths } from '@/app/paths';
import { FormSelect } from '@/components/form-select';
import { EnquiryLineFields } from '@/components/interview/enquiry-line-fields';
import { useInterviewAnswers } from '@/components/interview/use-interview-answers';
import { LabelledRadioGroup } from '@/components/labelled-radio-group';
import { ProblemList } from '@/components/problem-list';
import { UkDateInput } from '@/components/uk-date-input';
import { isApiError } from '@/lib/api-error';
import { useCreateQi, useQiAnswers, useUpdateQiClient, type QiView } from '../api/qi';
import {
  NAME_MAX_LENGTH,
  clientLines,
  genders,
  smokingAnswers,
  splitClientErrors,
  titles,
  toClientFormValues,
  toClientInput,
  type ClientFormValues,
} from '../qi-model';
import { qiStrings } from '../strings';

const t = qiStrings.client;
const FORM = 'qi-client';

interface ClientDetailsStepProps {
  /** The enquiry, or undefined before its first save creates it. */
  view: QiView | undefined;
  /** Changes are closed (the indication has expired). */
  locked: boolean;
}

/** Step 1: the client's details (creating the enquiry on the first save), then the interview's client lines. */
export function ClientDetailsStep({ view, locked }: ClientDetailsStepProps) {
  return (
    <>
      <Card title={<h2 className="card-heading">{t.heading}</h2>} style={{ marginBottom: 24 }}>
        <Typography.Paragraph type="secondary">{t.help}</Typography.Paragraph>
        <ClientForm view={view} locked={locked} />
      </Card>
      {view && clientLines(view.enquiry).length > 0 && <ClientLines view={view} locked={locked} />}
      {view && <ContinueToConditions view={view} />}
    </>
  );
}

function ContinueToConditions({ view }: { view: QiView }) {
  const navigate = useNavigate();
  return (
    <Button type="primary" disabled={!view.steps.clientDetailsComplete} onClick={() => void navigate(paths.qiStep(view.id, 'conditions'))}>
      {qiStrings.continueToConditions}
    </Button>
  );
}

function ClientForm({ view, locked }: ClientDetailsStepProps) {
  const [form] = Form.useForm<ClientFormValues>();
  const navigate = useNavigate();
  const create = useCreateQi();
  const update = useUpdateQiClient(view?.id ?? '');
  const [problems, setProblems] = useState<readonly string[]>([]);
  const labelId = (field: string) => `${FORM}-${field}-label`;
  const clientErrors = view?.clientErrors;

  // What the server says about the client as saved goes beside each field it names, the rest above the form.
  const saved = splitClientErrors(clientErrors ?? []);
  useEffect(() => {
    if (clientErrors && clientErrors.length > 0) form.setFields(splitClientErrors(clientErrors).byField);
  }, [clientErrors, form]);

  const save = async (values: ClientFormValues) => {
    setProblems([]);
    try {
      const input = toClientInput(values);
      if (view) await update.mutateAsync(input);
      else {
        const created = await create.mutateAsync(input);
        void navigate(paths.qiStep(created.id, 'client-details'), { replace: true });
      }
    } catch (error) {
      if (!isApiError(error)) return setProblems([t.failed]);
      const { byField, other } = splitClientErrors(error.fieldErrors);
      form.setFields(byField);
      setProblems(other.length > 0 || byField.length > 0 ? other : [error.message]);
    }
  };

  return (
    <Form<ClientFormValues>
      form={form}
      name={FORM}
      layout="vertical"
      initialValues={toClientFormValues(view)}
      disabled={locked}
      onFinish={(values) => void save(values)}
      scrollToFirstError
    >
      <ProblemList title={t.problemTitle} problems={[...problems, ...saved.other]} one="plain" className="form-alert" style={{ marginBottom: 16 }} />
      <Row gutter={16}>
        <Col xs={24} sm={6}>
          <Form.Item name="title" label={t.title}>
            <FormSelect options={titles.map((value) => ({ value, label: value }))} allowClear placeholder={t.titlePlaceholder} />
          </Form.Item>
        </Col>
        <Col xs={24} sm={9}>
          <Form.Item
            name="firstName"
            label={t.firstName}
            rules={[
              { required: true, whitespace: true, message: t.firstNameRequired },
              { max: NAME_MAX_LENGTH, message: t.nameTooLong(t.firstName) },
            ]}
          >
            <Input autoComplete="off" />
          </Form.Item>
        </Col>
        <Col xs={24} sm={9}>
          <Form.Item
            name="lastName"
            label={t.lastName}
            rules={[
              { required: true, whitespace: true, message: t.lastNameRequired },
              { max: NAME_MAX_LENGTH, message: t.nameTooLong(t.lastName) },
            ]}
          >
            <Input autoComplete="off" />
          </Form.Item>
        </Col>
      </Row>
      <Row gutter={16}>
        <Col xs={24} sm={12}>
          <Form.Item name="gender" label={<span id={labelId('gender')}>{t.gender}</span>} rules={[{ required: true, message: t.genderRequired }]}>
            <LabelledRadioGroup labelledBy={labelId('gender')}>
              {genders.map((gender) => (
                <Radio key={gender} value={gender}>
                  {t.genders[gender]}
                </Radio>
              ))}
            </LabelledRadioGroup>
          </Form.Item>
        </Col>
        <Col xs={24} sm={12}>
          <Form.Item name="dateOfBirth" label={t.dateOfBirth} rules={[{ required: true, message: t.dateOfBirthRequired }]}>
            <DateOfBirthInput />
          </Form.Item>
        </Col>
      </Row>
      <Form.Item name="smoking" label={<span id={labelId('smoking')}>{t.smoking}</span>} rules={[{ required: true, message: t.smokingRequired }]}>
        <LabelledRadioGroup labelledBy={labelId('smoking')}>
          {smokingAnswers.map((answer) => (
            <Radio key={answer} value={answer}>
              {t.smokingOptions[answer]}
            </Radio>
          ))}
        </LabelledRadioGroup>
      </Form.Item>
      {!locked && (
        <Flex gap="small" justify="flex-end" align="center">
          {update.isSuccess && (
            <Typography.Text type="success" role="status">
              {t.saved}
            </Typography.Text>
          )}
          <Button type="primary" htmlType="submit" loading={create.isPending || update.isPending}>
            {view ? t.save : t.create}
          </Button>
        </Flex>
      )}
    </Form>
  );
}

/** The interview's lines about the client (height, weight, cigarettes, occupation), asked as the application asks them. */
function ClientLines({ view, locked }: { view: QiView; locked: boolean }) {
  const answers = useQiAnswers(view.id);
  const { answer, refused, failure } = useInterviewAnswers(answers.mutateAsync, qiStrings.answerFailed);
  return (
    <Card title={<h2 className="card-heading">{t.moreHeading}</h2>} style={{ marginBottom: 24 }}>
      <Typography.Paragraph type="secondary">{t.moreHelp}</Typography.Paragraph>
      {failure && <Alert type="error" showIcon message={failure} style={{ marginBottom: 16 }} />}
      {clientLines(view.enquiry).map((line) => (
        <EnquiryLineFields key={line.id} line={line} enquiry={view.enquiry} refused={refused} disabled={locked} onAnswer={answer} />
      ))}
      {answers.isPending && (
        <Typography.Text type="secondary" aria-live="polite">
          {qiStrings.saving}
        </Typography.Text>
      )}
    </Card>
  );
}

/** The shared UK date input as a Form.Item's child: the item gives its value, onChange, id and aria-* props. */
function DateOfBirthInput(props: Partial<ComponentProps<typeof UkDateInput>>) {
  return <UkDateInput range="past" {...props} value={props.value ?? ''} onChange={props.onChange ?? (() => undefined)} />;
}
