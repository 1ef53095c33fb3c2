import { Alert, Card, Col, Row, Tag, Typography } from 'antd';
import type { Schemas } from '@/lib/api-client';
import { formatDate } from '@/lib/format';
import { clientName } from '../../shared/application-model';
import { RequoteButton } from '../../shared/components/requote-button';
import { UnderwritingUpdates } from '../../shared/components/underwriting-updates';
import { underwritingStrings } from '../strings';

type Application = Schemas['Application'];
type EvidenceRequest = Schemas['EvidenceRequest'];

const t = underwritingStrings.referral;

const statusColours: Record<Schemas['EvidenceStatus'], string> = {
  requested: 'gold',
  held: 'blue',
  received: 'green',
  withdrawn: 'default',
};

/**
 * While the case is with an underwriter: per client, what was referred and why, the evidence
 * asked for with its expected date (and each chase), the underwriting updates, and Requote
 * (§4 allows it here too).
 */
export function ReferralStatus({ application }: { application: Application }) {
  const holder = application.referral.claim?.underwriter.name;
  return (
    <section aria-labelledby="referral-heading" className="panel" style={{ marginBottom: 24 }}>
      <Typography.Title level={2} id="referral-heading" style={{ fontSize: 20 }}>
        {t.heading}
      </Typography.Title>
      <Alert
        type="info"
        showIcon
        style={{ marginBottom: 16 }}
        message={holder ? t.withUnderwriter(holder) : t.waitingForUnderwriter}
        description={application.referral.referredAt ? t.referredOn(formatDate(application.referral.referredAt)) : undefined}
      />
      <Row gutter={[24, 24]}>
        {application.applicants.map((applicant, index) => {
          const outcome = application.applicantsEnquiries.find((e) => e.applicantId === applicant.id)?.outcome;
          const referred = (outcome?.covers ?? []).filter((c) => ['manualuw', 'additionalevidence', 'referredtouw'].includes(c.decision));
          const evidence = application.referral.evidence.filter((e) => e.applicantId === applicant.id);
          return (
            <Col key={applicant.id} xs={24} lg={application.applicants.length > 1 ? 12 : 24}>
              <Card title={clientName(applicant, index)} size="small">
                <Typography.Title level={3} style={{ fontSize: 16 }}>
                  {t.referredHeading}
                </Typography.Title>
                {referred.length === 0 ? (
                  <Typography.Paragraph type="secondary">{t.nothingReferred}</Typography.Paragraph>
                ) : (
                  <ul className="cover-outcome__reasons">
                    {referred.map((cover) => (
                      <li key={cover.coverId}>
                        {cover.summary}
                        {cover.explanations
                          .filter((why) => ['manualuw', 'additionalevidence', 'referredtouw'].includes(why.decision))
                          .map((why) => (
                            <div key={why.rule} className="data-table__secondary">
                              {why.reason}
                            </div>
                          ))}
                      </li>
                    ))}
                  </ul>
                )}
                <Typography.Title level={3} style={{ fontSize: 16 }}>
                  {t.evidenceHeading}
                </Typography.Title>
                {evidence.length === 0 ? (
                  <Typography.Paragraph type="secondary">{t.noEvidence}</Typography.Paragraph>
                ) : (
                  <ul className="cover-outcome__reasons">
                    {evidence.map((request) => (
                      <li key={request.id}>
                        {request.label} {t.from} {request.provider}{' '}
                        <Tag color={statusColours[request.status]} bordered={false}>
                          {t.statuses[request.status]}
                        </Tag>
                        <div className="data-table__secondary">{evidenceDates(request)}</div>
                      </li>
                    ))}
                  </ul>
                )}
              </Card>
            </Col>
          );
        })}
      </Row>
      <UnderwritingUpdates applicationId={application.id} version={application.version} />
      <RequoteButton applicationId={application.id} withUnderwriter />
    </section>
  );
}

function evidenceDates(request: EvidenceRequest): string {
  switch (request.status) {
    case 'requested':
      return request.chases.length > 0
        ? t.chasedExpected(request.chases.length, formatDate(request.expectedBy))
        : t.expectedBy(formatDate(request.expectedBy));
    case 'held':
      return t.heldUntil(formatDate(request.received?.heldUntil ?? ''));
    case 'received':
      return t.received(formatDate(request.received?.at ?? ''));
    case 'withdrawn':
      return request.withdrawnBecause ?? '';
  }
}
