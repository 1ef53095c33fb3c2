import { Button, Col, Flex, Form, Row } from 'antd';
import { ProblemList } from '@/components/problem-list';
import { toIsoDate, type Dayjs } from '@/lib/dayjs';
import { checkChildDateOfBirth } from '@/lib/rules/children';
import { ukToday } from '@/lib/rules/dates';
import { CHILD_NAME_MAX_LENGTH, childTitles, splitChildErrors, type ChildFormValues } from '../../shared/children-model';
import { clientDetailsStrings } from '../strings';
import { DateOfBirthPicker } from '../../shared/components/date-of-birth-picker';
import { NameFields } from '../../shared/components/name-fields';
import { checked, useSaveProblems } from '../../shared/form-errors';

const t = clientDetailsStrings.children;

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
  const { problems, attempt } = useSaveProblems(form, t.genericError);

  const handleFinish = (values: ChildFormValues) => attempt(() => onSubmit(values), splitChildErrors);

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
      <NameFields
        gutter={16}
        title={{ label: t.title, placeholder: t.titlePlaceholder, titles: childTitles }}
        first={{ name: 'firstName', label: t.firstName, rules: nameRules(t.firstName, t.firstNameRequired) }}
        last={{ name: 'surname', label: t.surname, rules: nameRules(t.surname, t.surnameRequired) }}
      />
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
