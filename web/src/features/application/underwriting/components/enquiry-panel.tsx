import { Alert, Button, Card, Checkbox, Col, Row, Skeleton, Tag, Typography } from 'antd';
import { CheckCircleFilled } from '@ant-design/icons';
import { useState } from 'react';
import { isApiError } from '@/lib/api-error';
import { AnswersReadBack } from '@/components/interview/answers-read-back';
import { nextSection, selectAfterFetch, type Enquiry, type Selection } from '@/components/interview/enquiry-model';
import { SectionNav } from '@/components/interview/section-nav';
import { SectionQuestions } from '@/components/interview/section-questions';
import { useInterviewAnswers } from '@/components/interview/use-interview-answers';
import { useAcceptUwDeclaration, useAnswers, useCloseEnquiry, useEnquiry, useStartEnquiry } from '../api/enquiry';
import { underwritingStrings as t } from '../strings';
import { OutcomeSummary } from '../../shared/components/outcome-summary';
import { SendToClient, SubmittedByClient, WithClient } from './private-answering';

interface EnquiryPanelProps {
  applicationId: number;
  applicantId: string;
  client: string;
  /** The case has applied, so the interview may start. */
  applied: boolean;
  /** The application lists this client's interview: it has started. */
  started: boolean;
  /** The client's email from Contact details: the client portal account the questions can go to. */
  email: string | null;
}

/**
 * One client's interview: start it, answer it section by section, declare and close it; or send
 * it to the client to answer privately in the client portal, and see their progress meanwhile.
 */
export function EnquiryPanel({ applicationId, applicantId, client, applied, started, email }: EnquiryPanelProps) {
  const enquiry = useEnquiry(applicantId, started);
  const start = useStartEnquiry(applicationId, applicantId);

  // Started just now: the start answered with the interview before the application says so.
  if (!started && !enquiry.data) {
    return (
      <Card>
        <Typography.Paragraph>{applied ? t.notStarted(client) : t.notApplied}</Typography.Paragraph>
        {applied && (
          <>
            <Typography.Paragraph type="secondary">{t.startHelp}</Typography.Paragraph>
            {start.isError && (
              <Alert type="error" showIcon style={{ marginBottom: 12 }} message={isApiError(start.error) ? start.error.message : t.startFailed} />
            )}
            <Button type="primary" loading={start.isPending} onClick={() => start.mutate()}>
              {t.start}
            </Button>
          </>
        )}
      </Card>
    );
  }
  if (enquiry.isError) return <Alert type="error" showIcon message={t.loadFailed} />;
  if (!enquiry.data) return <Skeleton active paragraph={{ rows: 8 }} />;
  const props = { applicationId, applicantId, client };
  if (enquiry.data.clientAnswering?.isWithClient) return <WithClient {...props} enquiry={enquiry.data} />;
  return (
    <>
      {enquiry.data.isOpen && !enquiry.data.clientAnswering && <SendToClient {...props} email={email} />}
      <SubmittedByClient client={client} enquiry={enquiry.data} />
      <Interview {...props} enquiry={enquiry.data} />
    </>
  );
}

interface InterviewProps {
  applicationId: number;
  applicantId: string;
  client: string;
  enquiry: Enquiry;
}

function Interview({ applicationId, applicantId, client, enquiry }: InterviewProps) {
  const answers = useAnswers(applicantId);
  const declare = useAcceptUwDeclaration(applicationId, applicantId);
  const close = useCloseEnquiry(applicationId, applicantId);
  const [chosen, setSelection] = useState<Selection>(() => selectAfterFetch(enquiry));
  // A closed enquiry always shows its summary.
  const selection: Selection = enquiry.isOpen ? chosen : { kind: 'summary' };
  const { answer, refused, failure } = useInterviewAnswers(answers.mutateAsync, t.answerFailed);
  const sections = enquiry.sections;

  if (sections.length === 0) return <Alert type="info" showIcon message={t.noSections} />;

  const current = selection.kind === 'section' ? sections[selection.index] : undefined;

  return (
    <Row gutter={[24, 24]}>
      <Col span={24}>
        <Tag color={enquiry.preCheck ? 'green' : 'orange'} bordered={false}>
          {enquiry.preCheck ? t.preDeclarationAccepted : t.preDeclarationMissing}
        </Tag>
      </Col>
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
            {enquiry.isOpen ? (
              <>
                <AnswersReadBack enquiry={enquiry} help={t.readBackHelp} onChange={(index) => setSelection({ kind: 'section', index })} />
                <Typography.Title level={3} style={{ fontSize: 16 }}>
                  {t.declaration.heading}
                </Typography.Title>
                <Typography.Paragraph>{t.declaration.text}</Typography.Paragraph>
                {enquiry.declarations.acceptedPostUnderwriting ? (
                  // Accepted is final: a statement, not a box that looks ticked but cannot be used.
                  <Typography.Paragraph className="declaration-accepted" style={{ fontWeight: 500 }}>
                    <CheckCircleFilled aria-hidden="true" style={{ color: '#389e0d', marginRight: 8 }} />
                    {t.declaration.acceptedBy(client)}
                  </Typography.Paragraph>
                ) : (
                  <Checkbox checked={false} disabled={declare.isPending} onChange={(event) => event.target.checked && declare.mutate()}>
                    {t.declaration.accept(client)}
                  </Checkbox>
                )}
                {declare.isError && <Alert type="error" showIcon style={{ marginTop: 12 }} message={t.declaration.failed} />}
                <Typography.Paragraph type="secondary" style={{ marginTop: 16 }}>
                  {t.closeHelp}
                </Typography.Paragraph>
                {close.isError && (
                  <Alert type="error" showIcon style={{ marginBottom: 12 }} message={isApiError(close.error) ? close.error.message : t.closeFailed} />
                )}
                <Button type="primary" disabled={!enquiry.isCloseable} loading={close.isPending} onClick={() => close.mutate()}>
                  {t.close}
                </Button>
              </>
            ) : (
              <>
                <Alert type="success" showIcon message={t.closed} style={{ marginBottom: 16 }} />
                {enquiry.outcome && <OutcomeSummary outcome={enquiry.outcome} />}
                <AnswersReadBack enquiry={enquiry} help={t.readBackGiven} />
              </>
            )}
          </Card>
        )}
      </Col>
    </Row>
  );
}
