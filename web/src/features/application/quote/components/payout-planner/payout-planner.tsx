import { Flex, Switch } from 'antd';
import { useId } from 'react';
import { useMessage } from '@/components/feedback';
import { isApiError } from '@/lib/api-error';
import { useSetPayoutPlannerUsed } from '../../api/set-payout-planner-used';
import type { Applicant, Application, Cover } from '../../../shared/application-model';
import { quoteStrings } from '../../strings';
import { PayoutShares } from './payout-shares';

const t = quoteStrings.payout;

interface PayoutPlannerProps {
  applicationId: number;
  application: Application;
  applicant: Applicant;
  cover: Cover;
  coverId: string;
  /** The cover's product, e.g. "Life Protection". */
  label: string;
  editable: boolean;
  busy: boolean;
}

/**
 * One cover's payout planner (§5): a switch, and when it is on, who receives what share of the
 * payout, the running total (exactly 100 % needed), and forms to add a share or a beneficiary.
 */
export function PayoutPlanner({ applicationId, application, applicant, cover, coverId, label, editable, busy }: PayoutPlannerProps) {
  const toggle = useSetPayoutPlannerUsed();
  const message = useMessage();
  const switchId = useId();
  const used = toggle.isPending ? toggle.variables.isPayoutPlannerUsed : cover.isPayoutPlannerUsed;

  const change = async (value: boolean) => {
    try {
      await toggle.mutateAsync({ applicantId: applicant.id, coverId, isPayoutPlannerUsed: value });
    } catch (error) {
      void message.error(isApiError(error) ? error.message : t.genericError);
    }
  };

  return (
    <div className="payout-planner" role="group" aria-label={t.heading(label)}>
      <Flex align="center" gap="small">
        <Switch id={switchId} size="small" checked={used} loading={toggle.isPending} disabled={!editable || busy} onChange={(value) => void change(value)} />
        <label htmlFor={switchId} className="payout-planner__label">
          {t.use}
        </label>
      </Flex>
      {used && (
        <PayoutShares
          applicationId={applicationId}
          application={application}
          applicant={applicant}
          coverId={coverId}
          label={label}
          allocations={cover.benefitAllocations}
          editable={editable}
          busy={busy}
        />
      )}
    </div>
  );
}
