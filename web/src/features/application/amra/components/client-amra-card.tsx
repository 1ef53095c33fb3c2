import { Alert, Button, Card, Col, Input, Radio, Row, Tag, Typography } from 'antd';
import { FormSelect } from '@/components/form-select';
import { useId, useState } from 'react';
import type { Schemas } from '@/lib/api-client';
import { isApiError } from '@/lib/api-error';
import { formatDate } from '@/lib/format';
import { checkExaminer } from '@/lib/rules/examiner';
import { useDebouncedValue } from '@/lib/use-debounced-value';
import { useSetConsent, useSetExaminer, useSetViewReports, useSurgeries } from '../api/amra';
import { amraStrings as t } from '../strings';

type Applicant = Schemas['ApplicantView'];
type Surgery = Schemas['Surgery'];

const FIELDS = ['organisationName', 'forename', 'surname', 'address1', 'address2', 'cityName', 'postcode', 'phoneNumber'] as const;
type Field = (typeof FIELDS)[number];
type Values = Record<Field, string>;

function valuesOf(applicant: Applicant): Values {
  const e = applicant.examiner;
  const c = e?.contactDetails;
  return {
    organisationName: e?.organisationName ?? '',
    forename: e?.forename ?? '',
    surname: e?.surname ?? '',
    address1: c?.address1 ?? '',
    address2: c?.address2 ?? '',
    cityName: c?.cityName ?? '',
    postcode: c?.postcode ?? '',
    phoneNumber: c?.phoneNumber ?? '',
  };
}

function YesNo({ label, value, disabled, onChange }: { label: string; value: boolean | null | undefined; disabled: boolean; onChange: (v: boolean) => void }) {
  const id = useId();
  return (
    <div style={{ marginBottom: 16 }}>
      <div id={id} style={{ marginBottom: 6, fontWeight: 500 }}>
        {label}
      </div>
      <div role="radiogroup" aria-labelledby={id}>
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
  const [values, setValues] = useState<Values>(() => valuesOf(applicant));
  const [search, setSearch] = useState('');
  const debounced = useDebouncedValue(search, 150);
  const [message, setMessage] = useState<{ type: 'success' | 'warning' | 'error'; text: string } | null>(null);
  const [fieldErrors, setFieldErrors] = useState<Record<string, string>>({});
  const headingId = useId();

  const lookup = useSurgeries(debounced);
  const found: Surgery[] = lookup.data?.surgeries ?? [];
  const sample = lookup.data?.isSample ?? false;

  const form = {
    organisationName: values.organisationName || null,
    forename: values.forename || null,
    surname: values.surname || null,
    contactDetails: {
      address1: values.address1 || null,
      address2: values.address2 || null,
      address3: null,
      cityName: values.cityName || null,
      county: null,
      postcode: values.postcode || null,
      phoneNumber: values.phoneNumber || null,
      emailAddress: null,
    },
  };
  const complete = checkExaminer(form).length === 0;
  const amra = applicant;
  const ready = amra.isAmraConsentGranted === true && amra.isViewMedicalReportsRequested != null && amra.examiner?.isExaminerDetailsValid === true;

  const save = async () => {
    setMessage(null);
    setFieldErrors({});
    try {
      await examiner.mutateAsync({ applicantId: applicant.id, ...form, isExaminerDetailsValid: complete ? 'true' : 'false' });
      setMessage(complete ? { type: 'success', text: t.saved } : { type: 'warning', text: t.incomplete });
    } catch (error) {
      if (isApiError(error)) {
        setFieldErrors(Object.fromEntries(error.fieldErrors.map((e) => [e.field.replace('contactDetails.', ''), e.message])));
        setMessage({ type: 'error', text: error.message });
      } else setMessage({ type: 'error', text: t.failed });
    }
  };

  const choose = (code: string) => {
    const surgery = found.find((s) => s.code === code);
    if (!surgery) return;
    const c = surgery.contactDetails;
    setValues({
      organisationName: surgery.organisationName,
      forename: '',
      surname: '',
      address1: c.address1 ?? '',
      address2: c.address2 ?? '',
      cityName: c.cityName ?? '',
      postcode: c.postcode ?? '',
      phoneNumber: c.phoneNumber ?? '',
    });
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
        <YesNo label={t.viewReports} value={amra.isViewMedicalReportsRequested} disabled={locked || reports.isPending} onChange={(v) => reports.mutate({ applicantId: applicant.id, isViewMedicalReportsRequested: v })} />
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
          {FIELDS.map((field) => {
            const error = fieldErrors[field];
            const errorId = `${headingId}-${field}-error`;
            return (
              <Col key={field} xs={24} sm={12} style={{ marginBottom: 12 }}>
                <label htmlFor={`${headingId}-${field}`} style={{ display: 'block', marginBottom: 4 }}>
                  {t.fields[field]}
                </label>
                <Input
                  id={`${headingId}-${field}`}
                  value={values[field]}
                  disabled={locked}
                  status={error ? 'error' : undefined}
                  aria-invalid={error ? true : undefined}
                  aria-describedby={error ? errorId : undefined}
                  onChange={(event) => setValues((v) => ({ ...v, [field]: event.target.value }))}
                />
                {error && (
                  <div id={errorId} style={{ color: '#a8071a', marginTop: 4 }}>
                    {error}
                  </div>
                )}
              </Col>
            );
          })}
        </Row>
        {message && <Alert type={message.type} showIcon style={{ marginBottom: 12 }} message={message.text} />}
        <Button type="primary" disabled={locked} loading={examiner.isPending} onClick={() => void save()}>
          {t.save}
        </Button>
      </section>
    </Card>
  );
}
