import { DeleteOutlined } from '@ant-design/icons';
import { Button, Flex, Popconfirm, Tag } from 'antd';
import { useEffect, useRef } from 'react';
import { isApiError } from '@/lib/api-error';
import { formatAge } from '@/lib/format';
import { useRemoveApplicant } from '../api/remove-applicant';
import { useUpdateApplicant } from '../api/update-applicant';
import { changedFields, toFormValues, type Applicant, type ApplicantFormValues } from '../../shared/applicant-form-model';
import { clientDetailsStrings as t } from '../strings';
import { applicationStrings } from '../../shared/strings';
import { ApplicantForm } from './applicant-form';
import { useMessage } from '@/components/feedback';
import { SectionCard } from '@/components/section-card';

interface ApplicantCardProps {
  applicationId: number;
  applicant: Applicant;
  index: number;
  locked: boolean;
  /** Whether the adviser may take this client off the application (there is another client). */
  removable: boolean;
  /**
   * The client was added just now: the form that had focus has gone, so focus goes to this card's
   * heading rather than being dropped to the page (WCAG 2.4.3).
   */
  justAdded?: boolean;
}

/** "Client N": the applicant's age and their details, saved with a PATCH of only what changed. */
export function ApplicantCard({ applicationId, applicant, index, locked, removable, justAdded = false }: ApplicantCardProps) {
  const headingRef = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    if (justAdded) headingRef.current?.focus();
  }, [justAdded]);
  const update = useUpdateApplicant(applicationId);
  const remove = useRemoveApplicant(applicationId);
  const message = useMessage();
  const title = applicationStrings.clientTitle(index);
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

  const confirmRemove = async () => {
    try {
      await remove.mutateAsync(applicant.id);
      void message.success(t.removeClient.removed(title));
    } catch (error) {
      void message.error(isApiError(error) ? error.message : t.removeClient.failed);
    }
  };

  return (
    <SectionCard
      heading={title}
      headingId={headingId}
      headingRef={headingRef}
      className="applicant-card"
      extra={
        <Flex gap="small" align="center">
          {typeof applicant.age === 'number' && (
            <Tag color="cyan" bordered={false} className="age-tag">
              {formatAge(applicant.age)}
            </Tag>
          )}
          {removable && !locked && (
            <Popconfirm
              title={t.removeClient.confirmTitle(title)}
              description={t.removeClient.confirmDescription}
              okText={t.removeClient.confirm}
              cancelText={t.removeClient.keep}
              okButtonProps={{ danger: true, loading: remove.isPending }}
              onConfirm={() => void confirmRemove()}
            >
              <Button size="small" danger icon={<DeleteOutlined aria-hidden="true" />} aria-label={t.removeClient.button(title)}>
                {t.removeClient.remove}
              </Button>
            </Popconfirm>
          )}
        </Flex>
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
    </SectionCard>
  );
}
