import { DeleteOutlined, EditOutlined } from '@ant-design/icons';
import { Button, Flex, Tag, Typography } from 'antd';
import { useId } from 'react';
import { useMessage } from '@/components/feedback';
import { isApiError } from '@/lib/api-error';
import { useRemoveAllocation } from '../../api/remove-allocation';
import type { Application } from '../../../shared/application-model';
import { formatPercent, partyKey, type BenefitAllocation, type Party, type PartyType } from '../../payout-model';
import { quoteStrings } from '../../strings';

const t = quoteStrings.payout;

function partyOf(allocation: BenefitAllocation, parties: readonly Party[]): Party | undefined {
  return parties.find((party) => partyKey(party) === partyKey(allocation));
}

function kindLabel(type: PartyType | null | undefined, application: Application, referenceId: string | null | undefined): string | null {
  if (type === 'beneficiary') {
    const relationship = application.candidateBeneficiaries.find((beneficiary) => beneficiary.id === referenceId)?.relationship;
    return relationship ?? t.partyTypes.beneficiary;
  }
  return type ? t.partyTypes[type] : null;
}

interface ShareItemProps {
  applicationId: number;
  applicantId: string;
  coverId: string;
  allocation: BenefitAllocation;
  parties: readonly Party[];
  application: Application;
  editable: boolean;
  busy: boolean;
  onEdit: () => void;
}

/** One share in the list: who receives it, as what, their percentage, and Edit and Remove. */
export function ShareItem({ applicationId, applicantId, coverId, allocation, parties, application, editable, busy, onEdit }: ShareItemProps) {
  const remove = useRemoveAllocation(applicationId);
  const message = useMessage();
  const nameId = useId();
  const name = allocation.beneficiary ?? partyOf(allocation, parties)?.name ?? '';
  const kind = kindLabel(allocation.type, application, allocation.referenceId);

  const removeShare = async () => {
    const allocationId = allocation.id;
    if (!allocationId) return;
    try {
      await remove.mutateAsync({ applicantId, coverId, allocationId });
      void message.success(t.removed);
    } catch (error) {
      void message.error(isApiError(error) ? error.message : t.genericError);
    }
  };

  return (
    <li className="share-item" aria-labelledby={nameId}>
      <Flex justify="space-between" align="center" gap="middle" wrap>
        <Flex align="center" gap="small" wrap>
          <Typography.Text id={nameId}>{name}</Typography.Text>
          {kind && (
            <Tag bordered={false} className="share-item__kind">
              {kind}
            </Tag>
          )}
        </Flex>
        <Flex align="center" gap="small">
          <Typography.Text strong className="share-item__percent">
            {formatPercent(allocation.percent)}
          </Typography.Text>
          {editable && allocation.id && (
            <>
              <Button size="small" icon={<EditOutlined aria-hidden="true" />} aria-label={t.editShare(name)} disabled={busy} onClick={onEdit}>
                {t.edit}
              </Button>
              <Button
                size="small"
                danger
                icon={<DeleteOutlined aria-hidden="true" />}
                aria-label={t.removeShare(name)}
                disabled={busy}
                loading={remove.isPending}
                onClick={() => void removeShare()}
              >
                {t.remove}
              </Button>
            </>
          )}
        </Flex>
      </Flex>
    </li>
  );
}
