import { Alert, Button, Form, Radio, Space, Typography } from 'antd';
import dayjs from 'dayjs';
import { useId, useState } from 'react';
import { LabelledRadioGroup } from '@/components/labelled-radio-group';
import { isApiError } from '@/lib/api-error';
import { formatDate } from '@/lib/format';
import { useCompleteTermExtension, useDeclarationOfHealthQuestions, type HealthQuestions } from '../api/term-extension';
import type { Application } from '../../shared/application-model';
import { applicationStrings } from '../../shared/strings';
import { contactDetailsStrings } from '../strings';
import { useMessage } from '@/components/feedback';
import { SectionCard } from '@/components/section-card';

const t = contactDetailsStrings.termExtension;
const EXTENSION_DAYS = 90;
const headingId = 'term-extension-heading';

type Answers = Record<string, Record<string, string>>;

/**
 * Term extension (§4, §7): offered once, by 90 days, when the server says the quote's terms may be
 * extended (`showExtend`); each client answers the declaration-of-health questions, and a disclosed
 * change is shown with its reasons ("Terms can't be extended", §8).
 */
export function TermExtensionCard({ application }: { application: Application }) {
  const questions = useDeclarationOfHealthQuestions(application.id);
  const complete = useCompleteTermExtension(application.id);
  const message = useMessage();
  const [answers, setAnswers] = useState<Answers>({});
  const [unanswered, setUnanswered] = useState(false);
  const refused = application.declarationOfHealthStatus === 'failed';
  if (!application.showExtend && !refused) return null;

  const until = application.validUntil ?? null;
  const enquiries: HealthQuestions['applicantEnquiries'] = questions.data?.applicantEnquiries ?? [];
  const clientName = (applicantId: string) => {
    const index = application.applicants.findIndex((a) => a.id === applicantId);
    return applicationStrings.clientTitle(Math.max(index, 0));
  };

  const submit = async () => {
    const allAnswered = enquiries.every((e) => e.questions.every((q) => answers[e.applicantId]?.[q.tag]));
    setUnanswered(!allAnswered);
    if (!allAnswered) return;
    const declared = enquiries.map((e) => ({
      applicantId: e.applicantId,
      allAnswers: e.questions.map((q) => ({ tag: q.tag, value: answers[e.applicantId]?.[q.tag] ?? '' })),
    }));
    const result = await complete.mutateAsync(declared).catch(() => null);
    if (result?.declarationOfHealthStatus === 'passed') void message.success(t.extended(formatDate(result.validUntil)));
  };

  return (
    <SectionCard
      heading={t.heading}
      headingId={headingId}
    >
      {refused ? (
        <Alert
          type="error"
          showIcon
          message={t.refusedTitle}
          description={
            <ul className="term-extension-reasons">
              {application.termExtensionReasons.map((reason) => (
                <li key={reason}>{reason}</li>
              ))}
            </ul>
          }
        />
      ) : (
        <Space direction="vertical" size="middle" style={{ width: '100%' }}>
          {until && (
            <Typography.Paragraph style={{ marginBottom: 0 }}>
              {t.offer(formatDate(until), formatDate(dayjs(until).add(EXTENSION_DAYS, 'day').format('YYYY-MM-DD')))}
            </Typography.Paragraph>
          )}
          {!questions.data && (
            <Button onClick={() => questions.mutate()} loading={questions.isPending}>
              {t.start}
            </Button>
          )}
          {questions.isError && <Alert type="error" showIcon message={isApiError(questions.error) ? questions.error.message : t.submitFailed} />}
          {enquiries.map((enquiry) => (
            <Form key={enquiry.applicantId} layout="vertical" component="div">
              <h3 className="section-heading">{t.questionsFor(clientName(enquiry.applicantId))}</h3>
              {enquiry.questions.map((question) => (
                <HealthQuestion
                  key={question.tag}
                  text={question.text}
                  value={answers[enquiry.applicantId]?.[question.tag]}
                  onChange={(value) =>
                    setAnswers((all) => ({ ...all, [enquiry.applicantId]: { ...all[enquiry.applicantId], [question.tag]: value } }))
                  }
                />
              ))}
            </Form>
          ))}
          {unanswered && <Alert type="warning" showIcon message={t.unanswered} />}
          {complete.isError && (
            <Alert type="error" showIcon message={isApiError(complete.error) ? complete.error.message : t.submitFailed} />
          )}
          {enquiries.length > 0 && (
            <Button type="primary" loading={complete.isPending} onClick={() => void submit()}>
              {t.submit}
            </Button>
          )}
        </Space>
      )}
    </SectionCard>
  );
}

function HealthQuestion({ text, value, onChange }: { text: string; value: string | undefined; onChange: (value: string) => void }) {
  const labelId = useId();
  return (
    <Form.Item label={<span id={labelId}>{text}</span>}>
      <LabelledRadioGroup labelledBy={labelId} value={value} onChange={(event) => onChange(String(event.target.value))}>
        <Radio value="yes">{t.yes}</Radio>
        <Radio value="no">{t.no}</Radio>
      </LabelledRadioGroup>
    </Form.Item>
  );
}
