import { App, Card, Tag } from 'antd';
import { formatAge } from '@/lib/format';
import { useUpdateApplicant } from '../api/update-applicant';
import { changedFields, toFormValues, type Applicant, type ApplicantFormValues } from '../applicant-form-model';
import { applicationStrings as t } from '../strings';
import { ApplicantForm } from './applicant-form';

interface ApplicantCardProps {
  applicationId: number;
  applicant: Applicant;
  index: number;
  locked: boolean;
}

/** "Client N": the applicant's age and their details, saved with a PATCH of only what changed. */
export function ApplicantCard({ applicationId, applicant, index, locked }: ApplicantCardProps) {
  const update = useUpdateApplicant(applicationId);
  const { message } = App.useApp();
  const title = t.clientTitle(index);
  const headingId = `client-${String(index + 1)}-heading`;

  const save = async (values: ApplicantFormValues) => {
    const changes = changedFields(applicant, values);
    if (Object.keys(changes).length === 0) {
      void message.info(t.form.noChanges);
      return;
    }
    await update.mutateAsync({ applicantId: applicant.id, changes });
    void message.success(t.form.saved);
  };

  return (
    <section aria-labelledby={headingId}>
      <Card
        className="applicant-card"
        title={
          <h2 id={headingId} className="card-heading">
            {title}
          </h2>
        }
        extra={
          typeof applicant.age === 'number' && (
            <Tag color="cyan" bordered={false} className="age-tag">
              {formatAge(applicant.age)}
            </Tag>
          )
        }
      >
        <ApplicantForm
          formName={`applicant-${applicant.id}`}
          initialValues={toFormValues(applicant)}
          submitLabel={t.form.save}
          submitting={update.isPending}
          disabled={locked}
          onSubmit={save}
        />
      </Card>
    </section>
  );
}
