import { useState } from 'react';
import { Checkbox, Typography } from 'antd';
import type { FieldError } from '@/lib/api-error';
import { isApiError } from '@/lib/api-error';
import { useChangeContact } from '../api/change-contact';
import { useSetSameAddress } from '../api/set-same-address';
import { contactChanges, contactFormName, problemFieldIds, toContactFormValues, type ContactFormValues } from '../contact-form-model';
import { clientName, type Applicant } from '../../shared/application-model';
import { applicationStrings } from '../../shared/strings';
import { contactDetailsStrings } from '../strings';
import { ContactForm } from './contact-form';
import { useMessage } from '@/components/feedback';
import { SectionCard } from '@/components/section-card';

const t = contactDetailsStrings.form;

interface ClientContactCardProps {
  applicant: Applicant;
  index: number;
  /** Client 1, whose address this client may share: given only for Client 2 of two. */
  firstClient?: Applicant;
  locked: boolean;
  /** The case is applied for (its answers fixed). */
  applied?: boolean;
  problems: readonly FieldError[];
  onEmailChange: (applicantId: string, email: string | null) => void;
}

/** "Client N": the client's contact details, saved with a PATCH of only what changed. */
export function ClientContactCard({ applicant, index, firstClient, locked, applied = false, problems, onEmailChange }: ClientContactCardProps) {
  const change = useChangeContact();
  const sameAddress = useSetSameAddress();
  const message = useMessage();
  const title = applicationStrings.clientTitle(index);
  const headingId = `contact-client-${String(index + 1)}-heading`;
  const name = clientName(applicant, index);

  // The box follows the click at once (the request's answer replaces it), so the adviser,
  // and a test, never see a click that did nothing while the request is being sent.
  const [sharingWanted, setSharingWanted] = useState<boolean | null>(null);
  const sharesAddress =
    firstClient !== undefined && (sharingWanted ?? applicant.sameAddressApplicantId === firstClient.id);

  const save = async (values: ContactFormValues) => {
    const changes = contactChanges(applicant.contactDetails, values, !sharesAddress);
    if (Object.keys(changes).length === 0) {
      void message.info(t.noChanges);
      return;
    }
    await change.mutateAsync({ applicantId: applicant.id, changes });
    void message.success(t.saved);
  };

  const setSharing = async (on: boolean) => {
    if (!firstClient) return;
    const other = applicationStrings.clientTitle(0);
    setSharingWanted(on);
    try {
      await sameAddress.mutateAsync({ applicantId: applicant.id, sameAddressApplicantId: on ? firstClient.id : null });
      void message.success(t.sameAddressSaved(on, other));
    } catch (error) {
      void message.error(isApiError(error) ? error.message : t.genericError);
    } finally {
      setSharingWanted(null);
    }
  };

  const addressQuestion = firstClient && (
    <div className="contact-address__same">
      <Checkbox id={problemFieldIds.sameAddress(applicant.id)} checked={sharesAddress} disabled={locked || sameAddress.isPending} onChange={(event) => void setSharing(event.target.checked)}>
        {t.sameAddress(applicationStrings.clientTitle(0))}
      </Checkbox>
      {sharesAddress && (
        <Typography.Paragraph type="secondary" style={{ margin: '8px 0 0' }}>
          {t.sharesAddress(applicationStrings.clientTitle(0))}
        </Typography.Paragraph>
      )}
    </div>
  );

  return (
    <SectionCard
      heading={title}
      headingId={headingId}
      className="applicant-card"
      extra={name !== title && <Typography.Text strong>{name}</Typography.Text>}
    >
      <ContactForm
        formName={contactFormName(applicant.id)}
        initialValues={toContactFormValues(applicant.contactDetails)}
        savedEmail={applicant.contactDetails?.emailAddress ?? null}
        sharesAddress={sharesAddress}
        addressQuestion={addressQuestion}
        problems={problems}
        submitting={change.isPending}
        disabled={locked}
        applied={applied}
        onSubmit={save}
        onEmailChange={(email) => onEmailChange(applicant.id, email)}
      />
    </SectionCard>
  );
}
