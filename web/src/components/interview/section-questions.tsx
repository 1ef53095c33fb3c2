import { Button, Card, Typography } from 'antd';
import { useEffect, useRef } from 'react';
import { EnquiryLineFields } from './enquiry-line-fields';
import type { Enquiry, Section } from './enquiry-model';
import { interviewStrings as t } from './strings';

interface SectionQuestionsProps {
  enquiry: Enquiry;
  section: Section;
  /** What the server said about the last answer to each question, by tag. */
  refused: Readonly<Record<string, string>>;
  /** An answer is on its way. */
  saving: boolean;
  /** Why the client's details (sex, date of birth, smoking) cannot be changed here. */
  clientDetailsNote: string;
  onAnswer: (tag: string, value: string) => void;
  onContinue: () => void;
}

/**
 * One section of the interview, its lines asked as the server says, then Continue. When another
 * section takes its place (Continue, or one chosen from the sections), its heading takes focus, so
 * the keyboard and a screen reader carry on from its first question rather than from the button
 * pressed at the foot of the last one.
 */
export function SectionQuestions({ enquiry, section, refused, saving, clientDetailsNote, onAnswer, onContinue }: SectionQuestionsProps) {
  const heading = useRef<HTMLHeadingElement>(null);
  const shown = useRef(section.id);
  useEffect(() => {
    if (shown.current === section.id) return;
    shown.current = section.id;
    heading.current?.focus();
  }, [section.id]);

  return (
    <Card
      title={
        <h2 ref={heading} tabIndex={-1} style={{ fontSize: 18, margin: 0 }}>
          {section.name}
        </h2>
      }
    >
      {section.message ? (
        <Typography.Paragraph>{t.noQuestions}</Typography.Paragraph>
      ) : (
        section.enquiryLines.map((line) => {
          const fromClientDetails = line.tags.includes('CLIENT_DETAILS');
          return (
            <EnquiryLineFields
              key={line.id}
              line={line}
              enquiry={enquiry}
              refused={refused}
              disabled={!enquiry.isOpen || fromClientDetails}
              note={fromClientDetails ? clientDetailsNote : undefined}
              onAnswer={onAnswer}
            />
          );
        })
      )}
      <Button type="primary" disabled={!section.isSatisfied} onClick={onContinue}>
        {t.continue}
      </Button>
      {saving && (
        <Typography.Text type="secondary" style={{ marginLeft: 12 }} aria-live="polite">
          {t.saving}
        </Typography.Text>
      )}
    </Card>
  );
}
