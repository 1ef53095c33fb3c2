import { Button, Typography } from 'antd';
import { unitsQuestions } from '@/lib/rules/measurements';
import type { Enquiry } from './enquiry-model';
import { interviewStrings as t } from './strings';

interface AnswersReadBackProps {
  enquiry: Enquiry;
  /** Opens a section to change its answers; absent once the enquiry is closed. */
  onChange?: (sectionIndex: number) => void;
  /** What the reader is asked to do with the answers (the adviser reads them back; the client checks them). */
  help: string;
}

/** A units question is read back in its measurement's answer ("12 st 4 lb (78 kg)"). */
const readWithItsMeasurement = new Set(Object.values(unitsQuestions));

/**
 * Every answer as the client gave it, section by section, to read back before the client
 * declares the answers true (the adviser's interview and the client's own, in the portal) (the words are the server's: labels, UK dates, money,
 * measurements with their units).
 */
export function AnswersReadBack({ enquiry, onChange, help }: AnswersReadBackProps) {
  return (
    <section aria-labelledby="answers-read-back" style={{ marginBottom: 24 }}>
      <Typography.Title level={3} id="answers-read-back" style={{ fontSize: 16 }}>
        {t.readBack.heading}
      </Typography.Title>
      <Typography.Paragraph type="secondary">{help}</Typography.Paragraph>
      {enquiry.sections.map((section, index) => {
        const questions = section.enquiryLines.flatMap((line) => line.questions).filter((q) => !readWithItsMeasurement.has(q.tag));
        if (questions.length === 0) return null;
        return (
          <div key={section.id} className="answers-read-back__section" style={{ marginBottom: 16 }}>
            <div style={{ display: 'flex', alignItems: 'baseline', gap: 12 }}>
              <Typography.Title level={4} style={{ fontSize: 15, margin: 0 }}>
                {section.name}
              </Typography.Title>
              {onChange && (
                <Button type="link" size="small" style={{ padding: 0 }} onClick={() => onChange(index)} aria-label={t.readBack.changeSection(section.name)}>
                  {t.readBack.change}
                </Button>
              )}
            </div>
            <dl className="answers-read-back__answers" style={{ margin: '6px 0 0' }}>
              {questions.map((question) => (
                <div key={question.tag} style={{ display: 'flex', gap: 16, padding: '4px 0', borderBottom: '1px solid #f0f0f0' }}>
                  <dt style={{ flex: '1 1 60%', color: '#434343' }}>{question.text}</dt>
                  <dd style={{ flex: '1 1 40%', margin: 0, fontWeight: 500 }}>{question.answerText ?? <Typography.Text type="secondary">{t.readBack.notAnswered}</Typography.Text>}</dd>
                </div>
              ))}
            </dl>
          </div>
        );
      })}
    </section>
  );
}
