import { Alert, Card, Col, Row, Skeleton } from 'antd';
import { useMemo, useState } from 'react';
import { useAdviser } from '@/lib/adviser';
import { isApiError, isProblem } from '@/lib/api-error';
import { parseEmailAddress, sharedEmailWarning } from '@/lib/rules/email';
import { stageOrder } from '@/lib/rules/journey';
import { given } from '@/lib/rules/text';
import { useApplyApplication } from './api/apply-application';
import { ApplicationCard } from './components/application-card';
import { ApplicationHeader, ApplicationRoute, type ApplicationPageProps } from '../shared/components/application-page';
import { ApplyPanel } from './components/apply-panel';
import { ClientContactCard } from './components/client-contact-card';
import { DeclarationCard } from './components/declaration-card';
import { JourneySteps } from '../shared/components/journey-steps';
import { TermExtensionCard } from './components/term-extension-card';
import { applicationProblem, applyProblems, clientProblems } from './contact-form-model';
import type { Application } from '../shared/application-model';
import { contactDetailsStrings as t } from './strings';

/** Whether the application has reached a stage. */
function reached(application: Application, stage: Application['status']): boolean {
  return stageOrder.indexOf(application.status) >= stageOrder.indexOf(stage);
}

/** An address as typed, when the rules accept it; the shared-account warning compares these. */
function parsedEmail(text: string | null | undefined): string | null {
  const typed = given(text);
  const parsed = typed === null ? null : parseEmailAddress(typed);
  return parsed?.ok ? parsed.value : null;
}

/** /v2/application/:applicationId/contact-details */
export function ContactDetailsRoute() {
  return <ApplicationRoute page={ContactDetails} />;
}

function ContactDetails({ applicationId, application: data }: ApplicationPageProps) {
  const adviser = useAdviser();
  const apply = useApplyApplication(applicationId);
  // Each client's email as typed, by applicant id, until it is saved (for the shared-account warning).
  const [typedEmails, setTypedEmails] = useState<Record<string, string | null>>({});

  // Once Apply has been refused for what is missing, the list follows the application: each
  // change the adviser makes returns the application with what still stops it (`applyProblems`),
  // so a fixed item leaves the list at once and the list goes when nothing is left.
  const refusedForProblems = isProblem(apply.error, 'invalid');
  const currentProblems = data?.applyProblems;
  const problems = useMemo(
    () => (refusedForProblems && currentProblems ? applyProblems(currentProblems) : []),
    [refusedForProblems, currentProblems],
  );
  const byClient = useMemo(() => [clientProblems(problems, 0), clientProblems(problems, 1)], [problems]);

  // §2, M2: contact details lock once underwriting starts; the page's questions once applied for.
  const contactLocked = data ? reached(data, 'UNDERWRITING') : false;
  const questionsLocked = data ? reached(data, 'APPLY') : false;

  const emailOf = (index: number): string | null => {
    const applicant = data?.applicants[index];
    if (!applicant) return null;
    return parsedEmail(applicant.id in typedEmails ? typedEmails[applicant.id] : applicant.contactDetails?.emailAddress);
  };
  const sharedWarning = data && data.applicants.length === 2 ? sharedEmailWarning(emailOf(0), emailOf(1)) : null;

  let failure: string | null = null;
  if (apply.isError && !refusedForProblems) failure = isApiError(apply.error) ? apply.error.message : t.apply.failed;

  return (
    <>
      <ApplicationHeader applicationId={applicationId} application={data} heading={t.heading} />
      <JourneySteps application={data} current="contactDetails" />
      {contactLocked && <Alert type="info" showIcon message={t.locked} style={{ marginBottom: 24 }} />}
      {data?.status === 'APPLY' && (
        // Just applied (or back here before the interviews): the next step where the adviser is looking.
        <ApplyPanel
          application={data}
          problems={[]}
          refusedAt={undefined}
          failure={null}
          applying={false}
          justApplied={apply.isSuccess}
          onApply={() => apply.mutate()}
        />
      )}
      {!contactLocked && questionsLocked && <Alert type="info" showIcon message={t.applied} style={{ marginBottom: 24 }} />}
      {data ? (
        <>
          {sharedWarning && <Alert type="warning" showIcon message={sharedWarning} style={{ marginBottom: 24 }} />}
          <Row gutter={[24, 24]} align="stretch">
            {data.applicants.map((applicant, index) => (
              <Col key={applicant.id} xs={24} lg={data.applicants.length > 1 ? 12 : 24}>
                <ClientContactCard
                  applicant={applicant}
                  index={index}
                  firstClient={index === 1 ? data.applicants[0] : undefined}
                  locked={contactLocked}
                  applied={questionsLocked}
                  problems={byClient[index] ?? []}
                  onEmailChange={(applicantId, email) => setTypedEmails((emails) => ({ ...emails, [applicantId]: email }))}
                />
              </Col>
            ))}
            <Col span={24}>
              {adviser.isError && !adviser.data && <Alert type="error" showIcon message={t.form.genericError} />}
              {adviser.data ? (
                <ApplicationCard
                  application={data}
                  settings={adviser.data.uxSettings}
                  contactLocked={contactLocked}
                  questionsLocked={questionsLocked}
                  problems={{
                    isMortgageRelated: applicationProblem(problems, 'isMortgageRelated'),
                    isAdvisedSale: applicationProblem(problems, 'isAdvisedSale'),
                  }}
                />
              ) : (
                !adviser.isError && <Card>
                  <Skeleton active paragraph={{ rows: 6 }} />
                </Card>
              )}
            </Col>
            {(data.showExtend || data.declarationOfHealthStatus === 'failed') && (
              <Col span={24}>
                <TermExtensionCard application={data} />
              </Col>
            )}
            <Col span={24}>
              <DeclarationCard application={data} locked={questionsLocked} problems={problems} />
            </Col>
          </Row>
          {!questionsLocked && (
            <div style={{ marginTop: 24 }}>
              <ApplyPanel
                application={data}
                problems={problems}
                refusedAt={refusedForProblems ? apply.submittedAt : undefined}
                failure={failure}
                applying={apply.isPending}
                justApplied={apply.isSuccess}
                onApply={() => apply.mutate()}
              />
            </div>
          )}
        </>
      ) : (
        <Skeleton active paragraph={{ rows: 8 }} />
      )}
    </>
  );
}
