import { Alert, Button, Card, Checkbox, Col, Row, Skeleton, Typography } from 'antd';
import { CheckCircleFilled } from '@ant-design/icons';
import { useEffect, useRef, useState } from 'react';
import { Link, useParams } from 'react-router';
import { paths } from '@/app/paths';
import { AnswersReadBack } from '@/components/interview/answers-read-back';
import { nextSection, selectAfterFetch, type Enquiry, type Selection } from '@/components/interview/enquiry-model';
import { SectionNav } from '@/components/interview/section-nav';
import { SectionQuestions } from '@/components/interview/section-questions';
import { useInterviewAnswers } from '@/components/interview/use-interview-answers';
import { requestHeadingFocus } from '@/components/heading-focus';
import { PageHeading } from '@/components/page-heading';
import { isApiError, isProblem } from '@/lib/api-error';
import { formatDate } from '@/lib/format';
import { QuestionLookupContext } from '@/lib/question-options';
import { clientLookup, useClientAnswers, useClientDeclaration, useClientInterview, useClientSubmit } from './api';
import { healthQuestionsStrings as t } from './strings';

/**
 * /v2/portal/health-questions/:applicantId (issue 35): the client answers the underwriting
 * interview their adviser sent them, in private, with the adviser's own interview components,
 * then accepts the declaration and submits.
 */
export function HealthQuestionsRoute() {
  const { applicantId = '' } = useParams();
  const interview = useClientInterview(applicantId);
  return (
    <div className="health-questions" style={{ maxWidth: 1040 }}>
      <PageHeading>{t.title}</PageHeading>
      {interview.isError ? (
        <Alert
          type={isProblem(interview.error, 'not-found') ? 'info' : 'error'}
          showIcon
          message={isProblem(interview.error, 'not-found') ? t.notAvailable : t.loadFailed}
          action={<Link to={paths.clientHome()}>{t.backHome}</Link>}
        />
      ) : !interview.data ? (
        <div role="status" aria-label={t.loading}>
          <Skeleton active paragraph={{ rows: 8 }} />
        </div>
      ) : interview.data.clientAnswering?.isWithClient ? (
        <QuestionLookupContext.Provider value={clientLookup}>
          <ClientInterview applicantId={applicantId} enquiry={interview.data} />
        </QuestionLookupContext.Provider>
      ) : (
        <Submitted enquiry={interview.data} />
      )}
    </div>
  );
}

function Submitted({ enquiry }: { enquiry: Enquiry }) {
  const submittedAt = enquiry.clientAnswering?.submittedAt;
  // Just submitted, the questions give way to this page: it is read, and tabbed, from the top.
  useEffect(() => {
    if (document.activeElement === document.body) requestHeadingFocus();
  }, []);
  return (
    <>
      <Alert type="success" showIcon style={{ marginBottom: 16 }} message={submittedAt ? t.submitted(formatDate(submittedAt)) : t.notAvailable} />
      <Card>
        <AnswersReadBack enquiry={enquiry} help={t.yourAnswers} />
        <Link to={paths.clientHome()}>{t.backHome}</Link>
      </Card>
    </>
  );
}

function ClientInterview({ applicantId, enquiry }: { applicantId: string; enquiry: Enquiry }) {
  const answers = useClientAnswers(applicantId);
  const declare = useClientDeclaration(applicantId);
  const submit = useClientSubmit(applicantId);
  const [selection, setSelection] = useState<Selection>(() => selectAfterFetch(enquiry));
  const { answer, refused, failure } = useInterviewAnswers(answers.mutateAsync, t.answerFailed);
  const current = selection.kind === 'section' ? enquiry.sections[selection.index] : undefined;
  const accepted = enquiry.declarations.acceptedPostUnderwriting;
  const acceptedNote = useAcceptedFocus(accepted);

  return (
    <>
      <Typography.Paragraph>{t.intro(enquiry.clientAnswering?.sentBy ?? '')}</Typography.Paragraph>
      <Typography.Paragraph>{t.honesty}</Typography.Paragraph>
      <Row gutter={[24, 24]}>
        <Col xs={24} md={7}>
          <SectionNav enquiry={enquiry} selection={selection} onSelect={setSelection} summaryLabel={t.summary} />
        </Col>
        <Col xs={24} md={17}>
          {failure && <Alert type="error" showIcon message={failure} style={{ marginBottom: 16 }} />}
          {current && selection.kind === 'section' && (
            <SectionQuestions
              enquiry={enquiry}
              section={current}
              refused={refused}
              saving={answers.isPending}
              clientDetailsNote={t.clientDetailsNote}
              onAnswer={answer}
              onContinue={() => setSelection(nextSection(enquiry, selection.index))}
            />
          )}
          {selection.kind === 'summary' && (
            <Card title={<h2 style={{ fontSize: 18, margin: 0 }}>{t.summary}</h2>}>
              <AnswersReadBack enquiry={enquiry} help={t.readBackHelp} onChange={(index) => setSelection({ kind: 'section', index })} />
              <Typography.Title level={3} style={{ fontSize: 16 }}>
                {t.declaration.heading}
              </Typography.Title>
              <Typography.Paragraph>{t.declaration.text}</Typography.Paragraph>
              {accepted ? (
                <Typography.Paragraph ref={acceptedNote} tabIndex={-1} className="declaration-accepted" style={{ fontWeight: 500 }}>
                  <CheckCircleFilled aria-hidden="true" style={{ color: '#389e0d', marginRight: 8 }} />
                  {t.declaration.accepted}
                </Typography.Paragraph>
              ) : (
                <Checkbox checked={false} disabled={declare.isPending} onChange={(event) => event.target.checked && declare.mutate()}>
                  {t.declaration.accept}
                </Checkbox>
              )}
              {declare.isError && <Alert type="error" showIcon style={{ marginTop: 12 }} message={t.declaration.failed} />}
              <Typography.Paragraph type="secondary" style={{ marginTop: 16 }}>
                {t.submitHelp}
              </Typography.Paragraph>
              {submit.isError && (
                <Alert type="error" showIcon style={{ marginBottom: 12 }} message={isApiError(submit.error) ? submit.error.message : t.submitFailed} />
              )}
              <Button type="primary" disabled={!enquiry.isSatisfied || !accepted} loading={submit.isPending} onClick={() => submit.mutate()}>
                {t.submit}
              </Button>
            </Card>
          )}
        </Col>
      </Row>
    </>
  );
}

/**
 * The declaration's box gives way to the statement that it is accepted: that statement takes the
 * focus the box had, so the keyboard carries on from there (to Submit) rather than from the top.
 */
function useAcceptedFocus(accepted: boolean) {
  const note = useRef<HTMLDivElement>(null);
  const before = useRef(accepted);
  useEffect(() => {
    if (accepted && !before.current) note.current?.focus();
    before.current = accepted;
  }, [accepted]);
  return note;
}
