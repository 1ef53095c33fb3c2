import { Typography } from 'antd';
import type { Schemas } from '@/lib/api-client';

type Explanation = Schemas['Explanation'];

const t = {
  loading: (percent: number) => `Premium loaded by ${String(percent)}%`,
  exclusion: (what: string) => `Exclusion: ${what}`,
  evidence: (what: string) => `Evidence needed: ${what}`,
  rule: (rule: string) => `Rule ${rule}`,
} as const;

/**
 * The rules behind a cover's outcome, each with its reason, what it did to the terms and the
 * answers it read (as the adviser gave them), and the rule's id: the explanation an adviser
 * reads on the decision and an underwriter on a referred case.
 */
export function OutcomeReasons({ explanations }: { explanations: Explanation[] }) {
  return (
    <ul className="cover-outcome__reasons">
      {explanations.map((why) => (
        <li key={why.rule}>
          {why.reason}
          {why.loading > 0 && <> · {t.loading(why.loading)}</>}
          {why.exclusion && <> · {t.exclusion(why.exclusion)}</>}
          {why.evidence && <> · {t.evidence(why.evidence)}</>}
          {why.answers.length > 0 && (
            <ul>
              {why.answers.map((answer) => (
                <li key={answer.tag}>
                  <Typography.Text type="secondary">{answer.question}</Typography.Text>: {answer.answer}
                </li>
              ))}
            </ul>
          )}
          <div>
            <Typography.Text type="secondary" style={{ fontSize: 12 }}>
              {t.rule(why.rule)}
            </Typography.Text>
          </div>
        </li>
      ))}
    </ul>
  );
}
