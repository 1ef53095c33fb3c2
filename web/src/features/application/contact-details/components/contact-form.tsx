import { Button, Flex, Form, Input } from 'antd';
import { ProblemList } from '@/components/problem-list';
import type { Rule } from 'antd/es/form';
import { useEffect, useState, type ReactNode } from 'react';
import type { FieldError } from '@/lib/api-error';
import { isApiError } from '@/lib/api-error';
import { checkConfirmation, emailCheckResult, parseEmailAddress, UNCHECKED } from '@/lib/rules/email';
import { groupPhoneNumber, parsePhoneNumber } from '@/lib/rules/phone';
import { given } from '@/lib/rules/text';
import { useCheckEmail } from '../../shared/api/check-email';
import { addressFields, contactFields, type ContactFormValues } from '../contact-form-model';
import { checked, formRefusal, splitFormErrors } from '../../shared/form-errors';
import { contactDetailsStrings } from '../strings';
import { AddressFields } from './address-fields';

const t = contactDetailsStrings.form;

interface ContactFormProps {
  /** Unique on the page: prefixes the ids that labels point at. */
  formName: string;
  initialValues: ContactFormValues;
  /** The email as saved: it was checked when it was saved, so it is not checked again. */
  savedEmail: string | null;
  /** The client shares the other client's address, so has none of their own here. */
  sharesAddress: boolean;
  /** Above the address, e.g. the same-address question. */
  addressQuestion?: ReactNode;
  /** What applying said is missing for this client, named by bare field (`postcode`). */
  problems: readonly FieldError[];
  submitting: boolean;
  disabled: boolean;
  /** The case is applied for: a warning about the address's domain no longer helps (issue 32). */
  applied?: boolean;
  /** Saves the values; rejects with an ApiError whose field errors are shown on the form. */
  onSubmit: (values: ContactFormValues) => Promise<void>;
  onEmailChange: (email: string | null) => void;
}

/**
 * One client's email (with its confirmation, checked with the email service when the field is
 * left), telephone and address. The instant checks are the server's rules (lib/rules); the
 * server's own errors come back as problem field errors, shown beside the field they name.
 */
export function ContactForm({
  formName,
  initialValues,
  savedEmail,
  sharesAddress,
  addressQuestion,
  problems,
  submitting,
  disabled,
  applied = false,
  onSubmit,
  onEmailChange,
}: ContactFormProps) {
  const [form] = Form.useForm<ContactFormValues>();
  const [alerts, setAlerts] = useState<string[]>([]);
  const [opened, setOpened] = useState(false);
  const checkEmail = useCheckEmail();
  const savedAddress = addressFields.some((field) => given(initialValues[field]) !== null);
  const addressProblem = problems.some(({ field }) => (addressFields as readonly string[]).includes(field));
  const addressOpen = opened || savedAddress || addressProblem;

  // Once applied for, the address was accepted: its domain warning goes.
  useEffect(() => {
    if (applied) form.setFields([{ name: 'emailAddress', warnings: [] }]);
  }, [form, applied]);

  // Applying names what is missing: mark it beside the fields.
  useEffect(() => {
    if (problems.length > 0) form.setFields(splitFormErrors(problems, contactFields).byField);
  }, [form, problems]);

  /** The address to ask the service about: well-formed and not the one already saved. */
  const toCheck = (value: string | null | undefined): string | null => {
    const text = given(value);
    const parsed = text === null ? null : parseEmailAddress(text);
    return parsed?.ok && parsed.value !== savedEmail ? parsed.value : null;
  };

  const ask = async (email: string) => {
    try {
      return await checkEmail(email);
    } catch (error) {
      throw new Error(emailCheckResult({ failed: isApiError(error) ? error.message : '' }).emailError ?? undefined);
    }
  };

  const emailRules: Rule[] = [
    {
      validator: (_rule, value: string | null | undefined) => {
        const text = given(value);
        const parsed = text === null ? null : parseEmailAddress(text);
        return checked(parsed && !parsed.ok ? parsed.message : null);
      },
    },
    {
      validator: async (_rule, value: string | null | undefined) => {
        const email = toCheck(value);
        if (email === null) return;
        const answer = await ask(email);
        if (!answer.isValid) throw new Error(answer.message ?? emailCheckResult(answer).emailError ?? undefined);
      },
    },
    {
      // An address whose domain could not be checked is accepted, with a word to the adviser.
      warningOnly: true,
      validator: async (_rule, value: string | null | undefined) => {
        const email = applied ? null : toCheck(value);
        if (email === null) return;
        const answer = await ask(email);
        if (answer.isValid && answer.status === UNCHECKED && answer.message) throw new Error(answer.message);
      },
    },
  ];

  const confirmRule: Rule = ({ getFieldValue }) => ({
    validator: (_rule, value: string | null | undefined) =>
      checked(checkConfirmation((getFieldValue('emailAddress') as string | null | undefined) ?? '', value ?? '')),
  });

  const phoneRule: Rule = {
    validator: (_rule, value: string | null | undefined) => {
      const text = given(value);
      const parsed = text === null ? null : parsePhoneNumber(text);
      return checked(parsed && !parsed.ok ? parsed.message : null);
    },
  };

  /** Once left, a number the rules accept is shown grouped as written in the UK. */
  const groupPhone = () => {
    const parsed = parsePhoneNumber((form.getFieldValue('phoneNumber') as string | null | undefined) ?? '');
    if (!parsed.ok) return;
    const grouped = groupPhoneNumber(parsed.value);
    // After the field's own check on leaving it has run, so the two do not race.
    if (grouped !== form.getFieldValue('phoneNumber')) window.setTimeout(() => form.setFieldValue('phoneNumber', grouped), 0);
  };

  const handleFinish = async () => {
    setAlerts([]);
    try {
      await onSubmit(form.getFieldsValue(true) as ContactFormValues);
    } catch (error) {
      const refused = formRefusal(error, (errors) => splitFormErrors(errors, contactFields), t.genericError);
      if (refused.byField.some(({ name }) => (addressFields as readonly string[]).includes(name))) setOpened(true);
      form.setFields(refused.byField);
      setAlerts(refused.problems);
    }
  };

  return (
    <Form<ContactFormValues>
      form={form}
      name={formName}
      layout="vertical"
      initialValues={initialValues}
      disabled={disabled}
      onFinish={() => void handleFinish()}
      onValuesChange={(changed: ContactFormValues) => {
        if ('emailAddress' in changed) onEmailChange(changed.emailAddress ?? null);
      }}
      scrollToFirstError
    >
      <ProblemList title={t.problemTitle} problems={alerts} one="plain" style={{ marginBottom: 16 }} />
      {/* type="text": a browser's type="email" turns a Unicode domain into punycode and refuses
          what the server accepts; the address is shown and saved as typed (FC2). */}
      <Form.Item name="emailAddress" label={t.emailAddress} hasFeedback validateTrigger="onBlur" validateFirst rules={emailRules}>
        <Input type="text" inputMode="email" spellCheck={false} autoComplete="off" />
      </Form.Item>
      <Form.Item
        name="confirmEmailAddress"
        label={t.confirmEmailAddress}
        dependencies={['emailAddress']}
        validateTrigger="onBlur"
        rules={[confirmRule]}
      >
        <Input type="text" inputMode="email" spellCheck={false} autoComplete="off" />
      </Form.Item>
      <Form.Item name="phoneNumber" label={t.phoneNumber} extra={disabled ? undefined : t.phoneHelp} validateTrigger="onBlur" rules={[phoneRule]}>
        <Input type="tel" autoComplete="off" onBlur={groupPhone} />
      </Form.Item>
      <fieldset className="contact-address">
        <legend>{t.addressHeading}</legend>
        {addressQuestion}
        {!sharesAddress && <AddressFields open={addressOpen} onOpen={() => setOpened(true)} disabled={disabled} />}
      </fieldset>
      {!disabled && (
        <Flex justify="flex-end">
          <Button type="primary" htmlType="submit" loading={submitting}>
            {t.save}
          </Button>
        </Flex>
      )}
    </Form>
  );
}
