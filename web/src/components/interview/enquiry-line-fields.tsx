import { Typography } from 'antd';
import type { Schemas } from '@/lib/api-client';
import { unitsQuestions, type Measurement } from '@/lib/rules/measurements';
import { QuestionField } from './question-field';

type Enquiry = Schemas['Enquiry'];
type EnquiryLine = Schemas['EnquiryLine'];

interface EnquiryLineFieldsProps {
  line: EnquiryLine;
  /** The interview the line is from: its branch for look-ups, its answers for a measurement's units. */
  enquiry: Enquiry;
  /** What the server said about the last answer to each question, by tag. */
  refused: Readonly<Record<string, string>>;
  disabled: boolean;
  /** Said above the line's questions (why they cannot be changed here, say). */
  note?: string;
  onAnswer: (tag: string, value: string) => void;
}

/** Question types whose field shows the stored answer rather than what was typed, and so need no fresh start. */
function keepsFieldWhenSaved(type: Schemas['Question']['questionType']): boolean {
  return type.startsWith('OPTION_') || type === 'DATE' || type === 'PAST_DATE' || type === 'FUTURE_DATE';
}

/**
 * One line of the interview, its questions as one group: how the application's interview and Qi
 * both ask them. A line tagged `OPTIONAL` says so on each question.
 */
export function EnquiryLineFields({ line, enquiry, refused, disabled, note, onAnswer }: EnquiryLineFieldsProps) {
  const optional = line.tags.includes('OPTIONAL');
  const answerOf = (tag: string) => enquiry.allAnswers.find((a) => a.tag === tag)?.value;
  return (
    <fieldset className="enquiry-line" style={{ border: 0, padding: 0, margin: '0 0 8px' }}>
      {note && (
        <Typography.Paragraph type="secondary" style={{ marginBottom: 8 }}>
          {note}
        </Typography.Paragraph>
      )}
      {line.questions.map((question) => (
        <QuestionField
          // A typed field starts again from a new stored answer; a choice, and a date (which shows
          // the stored answer itself), stay the same field, so focus stays in them as they are saved.
          key={keepsFieldWhenSaved(question.questionType) ? question.tag : `${question.tag}:${question.answer ?? ''}`}
          question={question}
          branch={enquiry.branch ?? 'adviser'}
          units={question.questionType in unitsQuestions ? answerOf(unitsQuestions[question.questionType as Measurement]) : undefined}
          serverError={refused[question.tag]}
          disabled={disabled}
          optional={optional}
          onAnswer={onAnswer}
        />
      ))}
    </fieldset>
  );
}
