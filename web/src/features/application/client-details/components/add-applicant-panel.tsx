import { UserAddOutlined } from '@ant-design/icons';
import { Button, Typography } from 'antd';
import { useState } from 'react';
import { useAddApplicant } from '../api/add-applicant';
import { filledFields, type ApplicantFormValues } from '../../shared/applicant-form-model';
import { clientDetailsStrings as t } from '../strings';
import { applicationStrings } from '../../shared/strings';
import { ApplicantForm } from './applicant-form';
import { useMessage } from '@/components/feedback';
import { SectionCard } from '@/components/section-card';

interface AddApplicantPanelProps {
  applicationId: number;
  /** 0-based slot the new applicant will take. */
  index: number;
  /** The client was added: their card replaces this form (and the button that had focus). */
  onAdded: (applicantId: string) => void;
}

/** The next client: the form straight away for the first, behind "Add a client" for the second. */
export function AddApplicantPanel({ applicationId, index, onAdded }: AddApplicantPanelProps) {
  const [open, setOpen] = useState(index === 0);
  const add = useAddApplicant(applicationId);
  const message = useMessage();
  const headingId = `client-${String(index + 1)}-heading`;

  if (!open) {
    return (
      <Button type="dashed" block size="large" className="add-applicant-button" icon={<UserAddOutlined aria-hidden="true" />} onClick={() => setOpen(true)}>
        <span>
          {t.addClient}
          <Typography.Text type="secondary" style={{ display: 'block', fontSize: 13 }}>
            {t.addClientHelp}
          </Typography.Text>
        </span>
      </Button>
    );
  }

  const submit = async (values: ApplicantFormValues) => {
    const application = await add.mutateAsync(filledFields(values));
    void message.success(t.form.added);
    setOpen(false);
    const added = application.applicants[index];
    if (added) onAdded(added.id);
  };

  return (
    <SectionCard
      heading={applicationStrings.clientTitle(index)}
      headingId={headingId}
      className="applicant-card"
    >
      <ApplicantForm
        formName="new-applicant"
        submitLabel={t.form.add}
        submitting={add.isPending}
        autoFocus={index > 0}
        onSubmit={submit}
        onCancel={index > 0 ? () => setOpen(false) : undefined}
      />
    </SectionCard>
  );
}
