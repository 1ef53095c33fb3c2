import { Button, Col, Flex, Form, Input, Row } from 'antd';
import { FormSelect } from '@/components/form-select';
import { ProblemList } from '@/components/problem-list';
import { useState } from 'react';
import { toIsoDate, type Dayjs } from '@/lib/dayjs';
import { checkChildDateOfBirth } from '@/lib/rules/children';
import { ukToday } from '@/lib/rules/dates';
import { CHILD_NAME_MAX_LENGTH, childTitles, splitChildErrors, type ChildFormValues } from '../../shared/children-model';
import { clientDetailsStrings } from '../strings';
import { DateOfBirthPicker } from '../../shared/components/date-of-birth-picker';
import { checked, formRefusal } from '../../shared/form-errors';

const t = clientDetailsStrings.children;

const titleOptions = childTitles.map((title) => ({ value: title, label: title }));

interface ChildFormProps {
  /** Unique on the page: prefixes the ids that labels point at. */
  formName: string;
  initialValues?: ChildFormValues;
  submitLabel: string;
  submitting: boolean;
  /** Saves the values; rejects with an ApiError whose field errors are shown on the form. */
  onSubmit: (values: ChildFormValues) => Promise<void>;
  onCancel: () => void;
}

/**
 * A child's title, names and date of birth. Instant checks, the server's rules: names and date of
 * birth required, names at most 100 characters, born by today and under 23. The server's field
 * errors are shown beside their fields, anything else (e.g. "Child not found") above the form.
 */
export function ChildForm({ formName, initialValues, submitLabel, submitting, onSubmit, onCancel }: ChildFormProps) {
  const [form] = Form.useForm<ChildFormValues>();
  const [problems, setProblems] = useState<string[]>([]);

  const handleFinish = async (values: ChildFormValues) => {
    setProblems([]);
    try {
      await onSubmit(values);
    } catch (error) {
      const { byField, problems } = formRefusal(error, splitChildErrors, t.genericError);
      form.setFields(byField);
      setProblems(problems);
    }
  };

  const nameRules = (label: string, requiredMessage: string) => [
    { required: true, whitespace: true, message: requiredMessage },
    { max: CHILD_NAME_MAX_LENGTH, message: t.nameTooLong(label) },
  ];

  return (
    <Form<ChildFormValues>
      form={form}
      name={formName}
      layout="vertical"
      initialValues={initialValues}
      onFinish={(values) => void handleFinish(values)}
      scrollToFirstError
      className="child-form"
    >
      <ProblemList title={t.problemTitle} problems={problems} style={{ marginBottom: 16 }} />
      <Row gutter={16}>
        <Col xs={24} sm={6}>
          <Form.Item name="title" label={t.title}>
            <FormSelect options={titleOptions} allowClear placeholder={t.titlePlaceholder} />
          </Form.Item>
        </Col>
        <Col xs={24} sm={9}>
          <Form.Item name="firstName" label={t.firstName} rules={nameRules(t.firstName, t.firstNameRequired)}>
            <Input autoComplete="off" />
          </Form.Item>
        </Col>
        <Col xs={24} sm={9}>
          <Form.Item name="surname" label={t.surname} rules={nameRules(t.surname, t.surnameRequired)}>
            <Input autoComplete="off" />
          </Form.Item>
        </Col>
      </Row>
      <Row gutter={16} align="bottom">
        <Col xs={24} sm={12}>
          <Form.Item
            name="dateOfBirth"
            label={t.dateOfBirth}
            rules={[
              { required: true, message: t.dateOfBirthRequired },
              { validator: (_rule, value: Dayjs | null | undefined) => checked(value ? checkChildDateOfBirth(toIsoDate(value), ukToday()) : null) },
            ]}
          >
            <DateOfBirthPicker />
          </Form.Item>
        </Col>
        <Col xs={24} sm={12}>
          <Form.Item>
            <Flex gap="small" justify="flex-end">
              <Button onClick={onCancel}>{t.cancel}</Button>
              <Button type="primary" htmlType="submit" loading={submitting}>
                {submitLabel}
              </Button>
            </Flex>
          </Form.Item>
        </Col>
      </Row>
    </Form>
  );
}
