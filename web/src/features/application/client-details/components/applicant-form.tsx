import { Button, Col, Flex, Form, Radio, Row } from 'antd';
import { LabelledRadioGroup } from '@/components/labelled-radio-group';
import { ProblemList } from '@/components/problem-list';
import { toIsoDate, type Dayjs } from '@/lib/dayjs';
import { checkApplicantAge } from '@/lib/rules/age';
import { ukToday } from '@/lib/rules/dates';
import {
  NAME_MAX_LENGTH,
  genders,
  smokingAnswers,
  splitFieldErrors,
  titles,
  type ApplicantFormValues,
} from '../../shared/applicant-form-model';
import { clientDetailsStrings } from '../strings';
import { DateOfBirthPicker } from '../../shared/components/date-of-birth-picker';
import { NameFields } from '../../shared/components/name-fields';
import { checked, useSaveProblems } from '../../shared/form-errors';

const t = clientDetailsStrings.form;


interface ApplicantFormProps {
  /** Unique on the page: prefixes the ids that labels point at. */
  formName: string;
  initialValues?: ApplicantFormValues;
  submitLabel: string;
  submitting: boolean;
  disabled?: boolean;
  autoFocus?: boolean;
  /** Saves the values; rejects with an ApiError whose field errors are shown on the form. */
  onSubmit: (values: ApplicantFormValues) => Promise<void>;
  onCancel?: () => void;
  /** The day ages are taken on (the quote age date); today in the UK until a quote exists. */
  ageDate?: string | null;
}

/**
 * One applicant's details. Instant checks, the same rules as the server's: gender and date of
 * birth required, names at most 100 characters, age 18 to 64 on the quote age date. The server's rules come back as problem field errors: each shown beside its
 * field, and any that names no field of this form (e.g. `applicants`) in an alert above it.
 */
export function ApplicantForm({
  formName,
  initialValues,
  submitLabel,
  submitting,
  disabled = false,
  autoFocus = false,
  onSubmit,
  onCancel,
  ageDate,
}: ApplicantFormProps) {
  const [form] = Form.useForm<ApplicantFormValues>();
  const { problems, attempt } = useSaveProblems(form, t.genericError);

  const handleFinish = (values: ApplicantFormValues) => attempt(() => onSubmit(values), splitFieldErrors);

  const labelId = (field: string) => `${formName}-${field}-label`;

  return (
    <Form<ApplicantFormValues>
      form={form}
      name={formName}
      layout="vertical"
      initialValues={initialValues}
      disabled={disabled}
      onFinish={(values) => void handleFinish(values)}
      scrollToFirstError
    >
      <ProblemList title={t.problemTitle} problems={problems} one="plain" className="form-alert" style={{ marginBottom: 16 }} />
      <NameFields
        gutter={16}
        title={{ label: t.title, placeholder: t.titlePlaceholder, titles, autoFocus }}
        first={{ name: 'firstName', label: t.firstName, rules: [{ max: NAME_MAX_LENGTH, message: t.nameTooLong(t.firstName) }] }}
        last={{ name: 'lastName', label: t.lastName, rules: [{ max: NAME_MAX_LENGTH, message: t.nameTooLong(t.lastName) }] }}
      />
      <Row gutter={16}>
        <Col xs={24} sm={12}>
          <Form.Item
            name="gender"
            label={<span id={labelId('gender')}>{t.gender}</span>}
            rules={[{ required: true, message: t.genderRequired }]}
          >
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
          <Form.Item
            name="dateOfBirth"
            label={t.dateOfBirth}
            rules={[
              { required: true, message: t.dateOfBirthRequired },
              { validator: (_rule, value: Dayjs | null | undefined) => checked(value ? checkApplicantAge(toIsoDate(value), ageDate ?? ukToday()) : null) },
            ]}
          >
            <DateOfBirthPicker />
          </Form.Item>
        </Col>
      </Row>
      <Form.Item name="smoking" label={<span id={labelId('smoking')}>{t.smoking}</span>}>
        <LabelledRadioGroup labelledBy={labelId('smoking')}>
          {smokingAnswers.map((answer) => (
            <Radio key={answer} value={answer}>
              {t.smokingOptions[answer]}
            </Radio>
          ))}
        </LabelledRadioGroup>
      </Form.Item>
      {!disabled && (
        <Flex gap="small" justify="flex-end">
          {onCancel && <Button onClick={onCancel}>{t.cancel}</Button>}
          <Button type="primary" htmlType="submit" loading={submitting}>
            {submitLabel}
          </Button>
        </Flex>
      )}
    </Form>
  );
}
