import { Alert, Button, Descriptions, Flex, Tag } from 'antd';
import { stageColours, stageLabel } from '@/lib/application-stage';
import { isApiError } from '@/lib/api-error';
import { formatDate, formatDateTime } from '@/lib/format';
import { useClaim, useRelease, type UnderwriterCase } from '../api/workbench';
import { caseStrings as t } from '../strings';

type ClaimEvent = UnderwriterCase['application']['referral']['claims'][number];

/** "Taken over by Sam Okafor from Ruth Ellis on 26/11/2026 10:15". */
function handover(event: ClaimEvent): string {
  const when = formatDateTime(event.at);
  switch (event.kind) {
    case 'claimed':
      return t.claimedOn(event.underwriter.name, when);
    case 'takenOver':
      // `from` comes with every take-over; a take-over without it reads as a claim.
      return event.from ? t.takenOverOn(event.underwriter.name, event.from.name, when) : t.claimedOn(event.underwriter.name, when);
    case 'released':
      return t.releasedOn(event.underwriter.name, when);
    case 'ended':
      return t.endedOn(event.underwriter.name, when);
  }
}

/** Whose case it is (the adviser and who holds it on the workbench), with Claim, Take over or Release. */
export function ClaimBar({ data }: { data: UnderwriterCase }) {
  const id = data.application.id;
  const claim = useClaim(id);
  const release = useRelease(id);
  const referral = data.application.referral;
  const holder = referral.claim?.underwriter;
  const withUnderwriting = data.application.status === 'UNDERWRITING';
  const failure = claim.error ?? release.error;

  return (
    <section className="panel" aria-label={t.holder}>
      <Descriptions size="small" column={{ xs: 1, md: 3 }}>
        <Descriptions.Item label={t.adviser}>
          {data.adviser ? (
            <span>
              {data.adviser.name}
              {data.adviser.firmName && <>, {data.adviser.firmName}</>} · <a href={`mailto:${data.adviser.email}`}>{data.adviser.email}</a>
            </span>
          ) : (
            data.application.adviserId
          )}
        </Descriptions.Item>
        <Descriptions.Item label={t.stage}>
          <Tag color={stageColours[data.application.status]} bordered={false}>
            {stageLabel(data.application.status)}
          </Tag>
        </Descriptions.Item>
        {referral.referredAt && <Descriptions.Item label={t.referredOn}>{formatDate(referral.referredAt)}</Descriptions.Item>}
        {referral.claims.length > 0 && (
          <Descriptions.Item label={t.handovers} span={3}>
            {referral.claims.map((event) => handover(event)).join('; ')}
          </Descriptions.Item>
        )}
      </Descriptions>
      {withUnderwriting ? (
        <Flex align="center" gap="middle" wrap style={{ marginTop: 8 }}>
          <span role="status">{data.isMine ? t.yours : holder ? t.theirs(holder.name) : t.unclaimed}</span>
          {!data.isMine && (
            <Button type="primary" loading={claim.isPending} onClick={() => claim.mutate()}>
              {holder ? t.takeOver(holder.name) : t.claim}
            </Button>
          )}
          {data.isMine && (
            <Button loading={release.isPending} onClick={() => release.mutate()}>
              {t.release}
            </Button>
          )}
        </Flex>
      ) : (
        <Alert
          type="info"
          showIcon
          style={{ marginTop: 8 }}
          message={referral.decidedAt && data.application.status === 'DECISION' ? t.decided(formatDate(referral.decidedAt)) : t.leftUnderwriting}
        />
      )}
      {failure && <Alert type="error" showIcon style={{ marginTop: 8 }} message={isApiError(failure) ? failure.message : t.actionFailed} />}
    </section>
  );
}
