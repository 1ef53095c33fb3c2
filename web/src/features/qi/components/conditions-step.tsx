import { Alert, Button, Card, Typography } from 'antd';
import { useNavigate } from 'react-router';
import { paths } from '@/app/paths';
import { EnquiryLineFields } from '@/components/interview/enquiry-line-fields';
import { useInterviewAnswers } from '@/components/interview/use-interview-answers';
import { useQiAnswers, type QiView } from '../api/qi';
import { conditionSections } from '../qi-model';
import { qiStrings } from '../strings';

const t = qiStrings.conditions;

/** Step 2: the interview's other lines, section by section, each answer saved as it is given. */
export function ConditionsStep({ view, locked }: { view: QiView; locked: boolean }) {
  const navigate = useNavigate();
  const answers = useQiAnswers(view.id);
  const { answer, refused, failure } = useInterviewAnswers(answers.mutateAsync, qiStrings.answerFailed);
  const sections = conditionSections(view.enquiry);

  return (
    <>
      <Typography.Paragraph>{t.help}</Typography.Paragraph>
      {failure && <Alert type="error" showIcon message={failure} style={{ marginBottom: 16 }} />}
      {sections.length === 0 && <Alert type="info" showIcon message={t.none} style={{ marginBottom: 16 }} />}
      {sections.map((section) => (
        <Card key={section.id || section.name} title={<h2 className="card-heading">{section.name}</h2>} style={{ marginBottom: 24 }}>
          {section.enquiryLines.map((line) => (
            <EnquiryLineFields key={line.id} line={line} enquiry={view.enquiry} refused={refused} disabled={locked} onAnswer={answer} />
          ))}
        </Card>
      ))}
      <Button type="primary" disabled={!view.steps.conditionsComplete} onClick={() => void navigate(paths.qiStep(view.id, 'decision'))}>
        {qiStrings.continueToDecision}
      </Button>
      {answers.isPending && (
        <Typography.Text type="secondary" aria-live="polite" style={{ marginLeft: 12 }}>
          {qiStrings.saving}
        </Typography.Text>
      )}
    </>
  );
}
