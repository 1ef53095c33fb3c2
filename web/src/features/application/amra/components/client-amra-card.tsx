import { Alert, Button, Card, Col, Input, Radio, Row, Tag, Typography } from 'antd';
import { FormSelect } from '@/components/form-select';
import { useId, useState } from 'react';
import type { Schemas } from '@/lib/api-client';
import { isApiError } from '@/lib/api-error';
import { formatDate } from '@/lib/format';
import { ADDRESS_LINE_MAX_CHARS } from '@/lib/rules/address';
import { EMAIL_MAX_CHARS, UNCHECKED, emailCheckResult, parseEmailAddress } from '@/lib/rules/email';
import { EXAMINER_NAME_MAX_CHARS, checkExaminer, surgeryMessage } from '@/lib/rules/examiner';
import type { FieldError } from '@/lib/rules/text';
import { useDebouncedValue } from '@/lib/use-debounced-value';
import { useCheckEmail } from '../../shared/api/check-email';
import { useSetConsent, useSetExaminer, useSetViewReports, useSurgeries } from '../api/amra';
import { amraStrings as t } from '../strings';

type Applicant = Schemas['ApplicantView'];
type Surgery = Schemas['Surgery'];

/** Every field of §3 "Examiner or surgery", in form order (the order of the surgery message, K19). */
export const EXAMINER_FIELDS = [
  'title',
  'forename',
  'surname',
  'organisationName',
  'address1',
  'address2',
  'address3',
  'cityName',
  'county',
  'postcode',
  'phoneNumber',
  'emailAddress',
  'confirmEmailAddress',
] as const;
type Field = (typeof EXAMINER_FIELDS)[number];
type Values = Record<Field, string>;

/** The longest each box takes (§5, §9: names and email 100, address lines 40). */
const MAX_CHARS: Partial<Record<Field, number>> = {
  title: EXAMINER_NAME_MAX_CHARS,
  forename: EXAMINER_NAME_MAX_CHARS,
  surname: EXAMINER_NAME_MAX_CHARS,
  organisationName: EXAMINER_NAME_MAX_CHARS,
  address1: ADDRESS_LINE_MAX_CHARS,
  address2: ADDRESS_LINE_MAX_CHARS,
  address3: ADDRESS_LINE_MAX_CHARS,
  cityName: ADDRESS_LINE_MAX_CHARS,
  county: ADDRESS_LINE_MAX_CHARS,
  emailAddress: EMAIL_MAX_CHARS,
  confirmEmailAddress: EMAIL_MAX_CHARS,
};

const EMAIL_FIELDS: readonly Field[] = ['emailAddress', 'confirmEmailAddress'];

/** The doctor's title, forename and surname share a row; the rest go two by two. */
const SPAN: Partial<Record<Field, number>> = { title: 6, forename: 9, surname: 9, organisationName: 24 };

function valuesOf(applicant: Applicant): Values {
  const e = applicant.examiner;
  const c = e?.contactDetails;
  return {
    title: e?.title ?? '',
    forename: e?.forename ?? '',
    surname: e?.surname ?? '',
    organisationName: e?.organisationName ?? '',
    address1: c?.address1 ?? '',
    address2: c?.address2 ?? '',
    address3: c?.address3 ?? '',
    cityName: c?.cityName ?? '',
    county: c?.county ?? '',
    postcode: c?.postcode ?? '',
    phoneNumber: c?.phoneNumber ?? '',
    emailAddress: c?.emailAddress ?? '',
    // A saved email was confirmed when it was saved.
    confirmEmailAddress: c?.emailAddress ?? '',
  };
}

type ExaminerBody = Omit<Schemas['ExaminerRequest'], 'applicantId' | 'isExaminerDetailsValid'> & {
  contactDetails: NonNullable<Schemas['ExaminerRequest']['contactDetails']>;
};

/** The examiner as the PATCH sends it: every §3 field, blank as null. */
export function examinerFormOf(values: Values): ExaminerBody {
  const text = (value: string) => (value.trim() === '' ? null : value);
  return {
    title: text(values.title),
    forename: text(values.forename),
    surname: text(values.surname),
    organisationName: text(values.organisationName),
    contactDetails: {
      address1: text(values.address1),
      address2: text(values.address2),
      address3: text(values.address3),
      cityName: text(values.cityName),
      county: text(values.county),
      postcode: text(values.postcode),
      phoneNumber: text(values.phoneNumber),
      emailAddress: text(values.emailAddress),
    },
    confirmEmailAddress: text(values.confirmEmailAddress),
  };
}

/** Field errors keyed by the form's own field names (`contactDetails.postcode` is `postcode`). */
function byField(errors: readonly FieldError[]): Record<string, string> {
  return Object.fromEntries(errors.map((e) => [e.field.replace('contactDetails.', ''), e.message]));
}

function YesNo({ label, help, value, disabled, onChange }: { label: string; help?: string; value: boolean | null | undefined; disabled: boolean; onChange: (v: boolean) => void }) {
  const id = useId();
  return (
    <div style={{ marginBottom: 16 }}>
      <div id={id} style={{ marginBottom: 6, fontWeight: 500 }}>
        {label}
      </div>
      {help && (
        <Typography.Paragraph type="secondary" id={`${id}-help`} style={{ marginBottom: 6 }}>
          {help}
        </Typography.Paragraph>
      )}
      <div role="radiogroup" aria-labelledby={id} aria-describedby={help ? `${id}-help` : undefined}>
        <Radio.Group
          value={value ?? undefined}
          disabled={disabled}
          onChange={(event) => onChange(Boolean(event.target.value))}
          options={[
            { value: true, label: t.yes },
            { value: false, label: t.no },
          ]}
        />
      </div>
    </div>
  );
}

/** One client's AMRA: consent, the report question and their doctor or surgery. */
export function ClientAmraCard({ applicant, title, locked }: { applicant: Applicant; title: string; locked: boolean }) {
  const consent = useSetConsent();
  const reports = useSetViewReports();
  const examiner = useSetExaminer();
  const checkEmail = useCheckEmail();
  const [values, setValues] = useState<Values>(() => valuesOf(applicant));
  const [search, setSearch] = useState('');
  const debounced = useDebouncedValue(search, 150);
  const [message, setMessage] = useState<{ type: 'success' | 'warning' | 'error'; text: string } | null>(null);
  const [fieldErrors, setFieldErrors] = useState<Record<string, string>>({});
  const [emailNote, setEmailNote] = useState<string | null>(null);
  const [checking, setChecking] = useState(false);
  const headingId = useId();

  const lookup = useSurgeries(debounced);
  const found: Surgery[] = lookup.data?.surgeries ?? [];
  const sample = lookup.data?.isSample ?? false;

  const form = examinerFormOf(values);
  const amra = applicant;
  const ready = amra.isAmraConsentGranted === true && amra.isViewMedicalReportsRequested != null && amra.examiner?.isExaminerDetailsValid === true;

  /**
   * §5 "Email is optional but checked": a new, well-formed surgery email is asked of the email
   * service, as a client's is (FC1). The refusal's message, or null; an unchecked domain is noted
   * and let through.
   */
  const emailRefusal = async (): Promise<string | null> => {
    const typed = form.contactDetails.emailAddress ?? null;
    const parsed = typed === null ? null : parseEmailAddress(typed);
    if (!parsed?.ok) return null;
    const saved = applicant.examiner?.contactDetails.emailAddress ?? null;
    if (saved !== null && parseEmailAddress(saved).ok && parsed.value === saved) return null;
    try {
      const answer = await checkEmail(parsed.value);
      if (answer.status === UNCHECKED) setEmailNote(answer.message ?? null);
      return answer.isValid ? null : (answer.message ?? emailCheckResult(answer).emailError);
    } catch (error) {
      return emailCheckResult({ failed: isApiError(error) ? error.message : '' }).emailError;
    }
  };

  const save = async () => {
    setMessage(null);
    setFieldErrors({});
    setEmailNote(null);
    setChecking(true);
    const refusal = await emailRefusal().finally(() => setChecking(false));
    if (refusal !== null) {
      const errors = [{ field: 'contactDetails.emailAddress', message: refusal }];
      setFieldErrors(byField(errors));
      setMessage({ type: 'error', text: surgeryMessage(errors) ?? refusal });
      return;
    }
    const problems = checkExaminer(form);
    const complete = problems.length === 0;
    try {
      await examiner.mutateAsync({ applicantId: applicant.id, ...form, isExaminerDetailsValid: complete ? 'true' : 'false' });
      if (complete) setMessage({ type: 'success', text: t.saved });
      else {
        // Saved as incomplete (§7): say what is still missing, beside each field and in the §5 list.
        setFieldErrors(byField(problems));
        setMessage({ type: 'warning', text: [t.incomplete, surgeryMessage(problems)].filter(Boolean).join(' ') });
      }
    } catch (error) {
      if (isApiError(error)) {
        setFieldErrors(byField(error.fieldErrors));
        setMessage({ type: 'error', text: error.message });
      } else setMessage({ type: 'error', text: t.failed });
    }
  };

  const choose = (code: string) => {
    const surgery = found.find((s) => s.code === code);
    if (!surgery) return;
    const c = surgery.contactDetails;
    // Every field the directory has; its email needs no confirming, as nobody typed it.
    setValues({
      title: '',
      forename: '',
      surname: '',
      organisationName: surgery.organisationName,
      address1: c.address1 ?? '',
      address2: c.address2 ?? '',
      address3: c.address3 ?? '',
      cityName: c.cityName ?? '',
      county: c.county ?? '',
      postcode: c.postcode ?? '',
      phoneNumber: c.phoneNumber ?? '',
      emailAddress: c.emailAddress ?? '',
      confirmEmailAddress: c.emailAddress ?? '',
    });
    setFieldErrors({});
    setSearch('');
  };

  return (
    <Card
      title={<h2 id={headingId} style={{ fontSize: 18, margin: 0 }}>{title}</h2>}
      extra={<Tag color={ready ? 'green' : 'default'} bordered={false}>{ready ? t.ready : t.notReady}</Tag>}
    >
      <section aria-labelledby={headingId}>
        <YesNo label={t.consent} value={amra.isAmraConsentGranted} disabled={locked || consent.isPending} onChange={(v) => consent.mutate({ applicantId: applicant.id, isAmraConsentGranted: v })} />
        {amra.amraConsentGrantedOn && <Typography.Paragraph type="secondary">{t.consentGiven(formatDate(amra.amraConsentGrantedOn))}</Typography.Paragraph>}
        {amra.amraConsentExpiredOn && <Alert type="warning" showIcon style={{ marginBottom: 16 }} message={t.consentExpired(formatDate(amra.amraConsentExpiredOn))} />}
        <YesNo label={t.viewReports} help={t.viewReportsHelp} value={amra.isViewMedicalReportsRequested} disabled={locked || reports.isPending} onChange={(v) => reports.mutate({ applicantId: applicant.id, isViewMedicalReportsRequested: v })} />
        <Typography.Title level={3} style={{ fontSize: 16 }}>
          {t.surgery}
        </Typography.Title>
        <FormSelect
          showSearch
          filterOption={false}
          value={null}
          aria-label={t.findSurgery}
          placeholder={t.findSurgery}
          disabled={locked}
          style={{ width: '100%', marginBottom: 4 }}
          onSearch={setSearch}
          onChange={(code: string) => choose(code)}
          notFoundContent={search.trim() === '' ? null : t.noSurgeries}
          options={found.map((s) => ({ value: s.code, label: `${s.organisationName}, ${s.contactDetails.address1 ?? ''}, ${s.contactDetails.cityName ?? ''} ${s.contactDetails.postcode ?? ''}` }))}
        />
        {sample && <Typography.Paragraph type="secondary">{t.sample}</Typography.Paragraph>}
        <Row gutter={16}>
          {EXAMINER_FIELDS.map((field) => {
            const error = fieldErrors[field];
            const note = field === 'emailAddress' && !error ? emailNote : null;
            const errorId = `${headingId}-${field}-error`;
            const noteId = `${headingId}-${field}-note`;
            const email = EMAIL_FIELDS.includes(field);
            return (
              <Col key={field} xs={24} sm={SPAN[field] ?? 12} style={{ marginBottom: 12 }}>
                <label htmlFor={`${headingId}-${field}`} style={{ display: 'block', marginBottom: 4 }}>
                  {t.fields[field]}
                </label>
                <Input
                  id={`${headingId}-${field}`}
                  value={values[field]}
                  disabled={locked}
                  maxLength={MAX_CHARS[field]}
                  // type="text": a browser's type="email" rewrites a Unicode domain as punycode (FC2).
                  type={field === 'phoneNumber' ? 'tel' : 'text'}
                  inputMode={email ? 'email' : undefined}
                  spellCheck={email ? false : undefined}
                  autoComplete="off"
                  status={error ? 'error' : note ? 'warning' : undefined}
                  aria-invalid={error ? true : undefined}
                  aria-describedby={error ? errorId : note ? noteId : undefined}
                  onChange={(event) => setValues((v) => ({ ...v, [field]: event.target.value }))}
                />
                {error && (
                  <div id={errorId} style={{ color: '#a8071a', marginTop: 4 }}>
                    {error}
                  </div>
                )}
                {note && (
                  <div id={noteId} style={{ color: '#7c4a03', marginTop: 4 }}>
                    {note}
                  </div>
                )}
              </Col>
            );
          })}
        </Row>
        {message && <Alert type={message.type} showIcon style={{ marginBottom: 12 }} message={message.text} />}
        <Button type="primary" disabled={locked} loading={checking || examiner.isPending} onClick={() => void save()}>
          {t.save}
        </Button>
      </section>
    </Card>
  );
}
