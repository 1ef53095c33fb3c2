import { Alert, Button, Form, Input, Result, Typography } from 'antd';
import { useState, type FormEvent } from 'react';
import { Link, useNavigate } from 'react-router';
import { paths } from '@/app/paths';
import { PageHeading } from '@/components/page-heading';
import { UkDateInput } from '@/components/uk-date-input';
import { useFieldMessage } from '@/components/field-message';
import { isApiError } from '@/lib/api-error';
import { useConfirmDetails } from '../api/portal-api';
import { portalStrings } from '../strings';

const t = portalStrings.confirm;

/**
 * /v2/portal/confirm-details: the client proves a case is theirs with their date of birth and
 * their policy number or application reference (matched with their account's email). Every
 * refusal of details that lead nowhere reads the same, as the server words it.
 */
export function ConfirmDetailsRoute() {
  const confirm = useConfirmDetails();
  const navigate = useNavigate();
  const [dateOfBirth, setDateOfBirth] = useState('');
  const [reference, setReference] = useState('');

  const error = confirm.error;
  const fieldError = (field: string) => (isApiError(error) ? error.fieldErrors.find((e) => e.field === field)?.message : undefined);
  const dateMessage = useFieldMessage(fieldError('dateOfBirth') ?? t.dateOfBirthHelp, fieldError('dateOfBirth') !== undefined);
  const referenceMessage = useFieldMessage(fieldError('reference') ?? t.referenceHelp, fieldError('reference') !== undefined);
  const refusal = isApiError(error) ? (error.fieldErrors.length === 0 ? error.message : undefined) : error ? t.failed : undefined;

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    confirm.mutate({ dateOfBirth: dateOfBirth || null, reference: reference || null });
  };

  if (confirm.data) {
    return (
      <Result
        status="success"
        title={<h1 className="page-heading">{confirm.data.message}</h1>}
        extra={
          <Button type="primary" onClick={() => void navigate(paths.clientHome())}>
            {t.done}
          </Button>
        }
      />
    );
  }

  return (
    <div style={{ maxWidth: 560 }}>
      <PageHeading>{t.title}</PageHeading>
      <Typography.Paragraph>{t.intro}</Typography.Paragraph>
      {refusal && <Alert type="error" showIcon role="alert" message={refusal} style={{ marginBottom: 16 }} />}
      <form onSubmit={onSubmit} noValidate>
        <Form layout="vertical" component={false}>
          <Form.Item
            label={<label htmlFor="client-date-of-birth">{t.dateOfBirth}</label>}
            help={dateMessage.help}
            validateStatus={fieldError('dateOfBirth') ? 'error' : undefined}
          >
            <UkDateInput id="client-date-of-birth" range="past" value={dateOfBirth} onChange={setDateOfBirth} {...dateMessage.fieldProps} />
          </Form.Item>
          <Form.Item
            label={<label htmlFor="client-reference">{t.reference}</label>}
            help={referenceMessage.help}
            validateStatus={fieldError('reference') ? 'error' : undefined}
          >
            <Input
              id="client-reference"
              value={reference}
              maxLength={30}
              autoComplete="off"
              onChange={(event) => setReference(event.target.value)}
              {...referenceMessage.fieldProps}
            />
          </Form.Item>
        </Form>
        <Button type="primary" htmlType="submit" loading={confirm.isPending} style={{ marginTop: 8 }}>
          {t.submit}
        </Button>
      </form>
      <Typography.Paragraph style={{ marginTop: 24 }}>
        <Link to={paths.clientHome()}>{t.back}</Link>
      </Typography.Paragraph>
    </div>
  );
}
