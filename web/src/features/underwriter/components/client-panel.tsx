import { Alert, Button, Card, Descriptions, Tag, Typography } from 'antd';
import { useId } from 'react';
import { OutcomeReasons } from '@/components/outcome-reasons';
import type { Schemas } from '@/lib/api-client';
import { isApiError } from '@/lib/api-error';
import { coverAmountText, coverLengthText, productLabels } from '@/lib/cover-text';
import { formatDate, formatMoneyWithPence } from '@/lib/format';
import { useAnswersDocument, type UnderwriterCase } from '../api/workbench';
import { caseStrings } from '../strings';
import { DecisionForm } from './decision-form';
import { EvidencePanel } from './evidence-panel';

type Applicant = Schemas['ApplicantView'];
type CoverOutcome = Schemas['CoverOutcome'];

const t = caseStrings;

const outcomeColours: Record<Schemas['DisplayedOutcome'], string> = {
  standardTerms: 'green',
  nonStandardTerms: 'gold',
  underwritingRequired: 'blue',
  unableToOfferTerms: 'red',
};

const outcomeLabels: Record<Schemas['DisplayedOutcome'], string> = {
  standardTerms: 'Standard terms',
  nonStandardTerms: 'Non-standard terms',
  underwritingRequired: 'Underwriting required',
  unableToOfferTerms: 'Unable to offer terms',
};

/**
 * One client as the underwriter reads them: each cover with its quoted price, the rulebook's
 * outcome and the rules behind it (with the answers they read), the underwriter's terms once
 * given, and the decision form for a cover still referred; their evidence; AMRA consent and
 * their doctor; and their answers by section, as the adviser gave them.
 */
export function ClientPanel({ data, applicant, client }: { data: UnderwriterCase; applicant: Applicant; client: string }) {
  const application = data.application;
  const outcome = application.applicantsEnquiries.find((e) => e.applicantId === applicant.id)?.outcome;
  const enquiry = data.enquiries.find((e) => e.applicantId === applicant.id);
  const canAct = data.isMine && application.status === 'UNDERWRITING';
  const coversId = useId();
  return (
    <div className="client-panel">
      <section aria-labelledby={coversId}>
        <Typography.Title level={3} id={coversId} style={{ fontSize: 18 }}>
          {t.covers.heading}
        </Typography.Title>
        {(applicant.covers ?? []).map((cover) => {
          const coverId = cover.id;
          const decided = outcome?.covers.find((c) => c.coverId === coverId);
          const quoted = application.quote?.quoteApplicants.flatMap((a) => a.quoteCovers).find((c) => c.coverId === coverId)?.premium;
          const referred = data.referred.some((r) => r.coverId === coverId);
          const name = `${client}: ${productLabels[cover.productType]}`;
          return (
            <Card key={coverId} size="small" style={{ marginBottom: 12 }}>
              <Typography.Paragraph style={{ marginBottom: 8 }}>
                <Typography.Text strong>{productLabels[cover.productType]}</Typography.Text>{' '}
                {[coverAmountText(cover), coverLengthText(cover)].filter(Boolean).join(', ')}
                {quoted !== undefined && (
                  <>
                    {' '}
                    · {t.covers.quoted} {formatMoneyWithPence(quoted)}
                  </>
                )}
              </Typography.Paragraph>
              {decided && <Outcome outcome={decided} />}
              {referred && canAct && (
                <DecisionForm
                  applicationId={application.id}
                  applicantId={applicant.id}
                  coverId={coverId}
                  cover={name}
                  maxLoading={data.limits.declineLoadingAbove}
                  maxMonths={data.maxPostponeMonths}
                />
              )}
            </Card>
          );
        })}
      </section>
      <EvidencePanel applicationId={application.id} applicantId={applicant.id} evidence={application.referral.evidence} kinds={data.evidenceKinds} canAct={canAct} />
      <Amra applicant={applicant} />
      <Answers applicationId={application.id} applicantId={applicant.id} enquiry={enquiry} />
    </div>
  );
}

/** The rulebook's outcome and, once given, the underwriter's terms beside it. */
function Outcome({ outcome }: { outcome: CoverOutcome }) {
  const manual = outcome.manual;
  return (
    <div>
      {manual && (
        <Alert
          type="success"
          style={{ marginBottom: 8 }}
          message={
            <>
              <strong>{t.covers.underwriter}:</strong> {outcome.summary}
            </>
          }
          description={
            <>
              <div>
                {t.covers.reason}: {manual.reason}
              </div>
              <div className="data-table__secondary">{t.covers.decidedBy(manual.decidedBy.name, formatDate(manual.decidedAt))}</div>
            </>
          }
        />
      )}
      <Typography.Paragraph style={{ marginBottom: 4 }}>
        <strong>{t.covers.rulebook}:</strong>{' '}
        <Tag color={outcomeColours[manual ? 'underwritingRequired' : outcome.displayed]} bordered={false}>
          {outcomeLabels[manual ? 'underwritingRequired' : outcome.displayed]}
        </Tag>{' '}
        {manual ? manual.referredSummary : outcome.summary}
      </Typography.Paragraph>
      {outcome.explanations.length > 0 && (
        <>
          <Typography.Text strong>{t.covers.because}</Typography.Text>
          <OutcomeReasons explanations={outcome.explanations} />
        </>
      )}
    </div>
  );
}

function Amra({ applicant }: { applicant: Applicant }) {
  const headingId = useId();
  const examiner = applicant.examiner;
  const doctor = examiner
    ? [examiner.organisationName, [examiner.title, examiner.forename, examiner.surname].filter(Boolean).join(' '), examiner.contactDetails.address1, examiner.contactDetails.cityName, examiner.contactDetails.postcode]
        .filter((part) => part && part.trim() !== '')
        .join(', ')
    : '';
  const consent =
    applicant.isAmraConsentGranted === true && applicant.amraConsentGrantedOn
      ? t.amra.granted(formatDate(applicant.amraConsentGrantedOn))
      : applicant.amraConsentExpiredOn
        ? t.amra.expired(formatDate(applicant.amraConsentExpiredOn))
        : t.amra.notGiven;
  const view = applicant.isViewMedicalReportsRequested;
  return (
    <section aria-labelledby={headingId} style={{ marginTop: 16 }}>
      <Typography.Title level={3} id={headingId} style={{ fontSize: 18 }}>
        {t.amra.heading}
      </Typography.Title>
      <Descriptions size="small" column={1}>
        <Descriptions.Item label={t.amra.consent}>{consent}</Descriptions.Item>
        <Descriptions.Item label={t.amra.viewReports}>{view === true ? t.amra.yes : view === false ? t.amra.no : t.amra.notAnswered}</Descriptions.Item>
        <Descriptions.Item label={t.amra.doctor}>{doctor || t.amra.noDoctor}</Descriptions.Item>
      </Descriptions>
    </section>
  );
}

/** The answer as chosen: an option's label, a list's names, or the value typed. */
function shownAnswer(question: Schemas['Question']): string {
  if (question.chosen && question.chosen.length > 0) return question.chosen.map((c) => c.name).join(', ');
  const value = question.answer ?? '';
  if (['DATE', 'PAST_DATE', 'FUTURE_DATE'].includes(question.questionType)) return formatDate(value) || value;
  const options = question.options ?? [];
  if (options.length === 0) return value;
  return value
    .split('|')
    .map((v) => options.find((o) => o.value === v)?.label ?? v)
    .join(', ');
}

function Answers({ applicationId, applicantId, enquiry }: { applicationId: number; applicantId: string; enquiry: Schemas['Enquiry'] | undefined }) {
  const headingId = useId();
  const download = useAnswersDocument(applicationId);
  return (
    <section aria-labelledby={headingId} style={{ marginTop: 16 }}>
      <Typography.Title level={3} id={headingId} style={{ fontSize: 18 }}>
        {t.answers.heading}
      </Typography.Title>
      {!enquiry ? (
        <Typography.Paragraph type="secondary">{t.answers.notStarted}</Typography.Paragraph>
      ) : (
        <>
          <Button
            loading={download.isPending}
            style={{ marginBottom: 12 }}
            onClick={() => download.mutate(applicantId)}
          >
            {t.answers.download}
          </Button>
          {download.isError && <Alert type="error" showIcon style={{ marginBottom: 12 }} message={isApiError(download.error) ? download.error.message : t.answers.downloadFailed} />}
          {enquiry.sections.map((section) => {
            const answered = section.enquiryLines.flatMap((line) => line.questions).filter((q) => q.answer);
            return (
              <div key={section.id} style={{ marginBottom: 12 }}>
                <Typography.Title level={4} style={{ fontSize: 16 }}>
                  {section.name}
                </Typography.Title>
                {answered.length === 0 ? (
                  <Typography.Text type="secondary">{t.answers.none}</Typography.Text>
                ) : (
                  <dl className="answers-list">
                    {answered.map((question) => (
                      <div key={question.tag} className="answers-list__row">
                        <dt>{question.text}</dt>
                        <dd>{shownAnswer(question)}</dd>
                      </div>
                    ))}
                  </dl>
                )}
              </div>
            );
          })}
        </>
      )}
    </section>
  );
}
