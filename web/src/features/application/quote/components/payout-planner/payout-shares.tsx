import { Form, Typography } from 'antd';
import { useState } from 'react';
import type { Applicant, Application } from '../../../shared/application-model';
import { canAddShare, partyKey, payoutParties, remainingHundredths, type BenefitAllocation, type ShareFormValues } from '../../payout-model';
import { quoteStrings } from '../../strings';
import { AddBeneficiary } from './add-beneficiary';
import { AddShare } from './add-share';
import { EditShare } from './edit-share';
import { PlanTotal } from './plan-total';
import { ShareItem } from './share-item';

const t = quoteStrings.payout;

interface PayoutSharesProps {
  applicationId: number;
  application: Application;
  applicant: Applicant;
  coverId: string;
  label: string;
  allocations: BenefitAllocation[];
  editable: boolean;
  busy: boolean;
}

/** The shares of one cover's payout, their total, and the forms to add or change one. */
export function PayoutShares({ applicationId, application, applicant, coverId, label, allocations, editable, busy }: PayoutSharesProps) {
  const [editingId, setEditingId] = useState<string | null>(null);
  const [shareForm] = Form.useForm<ShareFormValues>();
  const parties = payoutParties(application, applicant.id);
  const allocated = new Set(allocations.map(partyKey));
  const available = parties.filter((party) => !allocated.has(partyKey(party)));

  return (
    <div className="payout-planner__body">
      {allocations.length > 0 && (
        <ul className="share-list" aria-label={t.sharesOf(label)}>
          {allocations.map((allocation, index) =>
            editingId !== null && allocation.id === editingId ? (
              <EditShare
                key={allocation.id}
                applicationId={applicationId}
                applicantId={applicant.id}
                coverId={coverId}
                allocation={allocation}
                allocations={allocations}
                onDone={() => setEditingId(null)}
              />
            ) : (
              <ShareItem
                key={allocation.id ?? `share-${String(index)}`}
                applicationId={applicationId}
                applicantId={applicant.id}
                coverId={coverId}
                allocation={allocation}
                parties={parties}
                application={application}
                editable={editable}
                busy={busy}
                onEdit={() => setEditingId(allocation.id ?? null)}
              />
            ),
          )}
        </ul>
      )}
      <PlanTotal allocations={allocations} />
      {editable &&
        (!canAddShare(allocations) ? (
          <Typography.Paragraph type="secondary">{t.tooMany}</Typography.Paragraph>
        ) : remainingHundredths(allocations) > 0 ? (
          <AddShare
            form={shareForm}
            applicationId={applicationId}
            applicantId={applicant.id}
            coverId={coverId}
            allocations={allocations}
            available={available}
            busy={busy}
          />
        ) : null)}
      {editable && canAddShare(allocations) && remainingHundredths(allocations) > 0 && (
        <AddBeneficiary
          applicationId={applicationId}
          coverId={coverId}
          before={application.candidateBeneficiaries}
          busy={busy}
          onAdded={(beneficiary) => {
            if (canAddShare(allocations)) shareForm.setFieldsValue({ who: partyKey({ type: 'beneficiary', referenceId: beneficiary.id }) });
          }}
        />
      )}
    </div>
  );
}
