import { Card, Tag, Typography } from 'antd';
import { useId } from 'react';
import { OutcomeReasons } from '@/components/outcome-reasons';
import type { Schemas } from '@/lib/api-client';
import { formatDate } from '@/lib/format';
import { coverDetailsText, productLabels } from '@/lib/cover-text';
import type { Cover } from '../application-model';
import { applicationStrings as t } from '../strings';

type Outcome = Schemas['ApplicantOutcome'];

const colours: Record<Schemas['DisplayedOutcome'], string> = {
  standardTerms: 'green',
  nonStandardTerms: 'gold',
  underwritingRequired: 'blue',
  unableToOfferTerms: 'red',
};

interface OutcomeSummaryProps {
  outcome: Outcome;
  /**
   * The client's covers: given, each outcome names what it is for (structure, amount, term), so
   * the adviser reads the terms against the cover they apply to (the decision page).
   */
  covers?: readonly Cover[];
}

/**
 * Each cover's outcome in plain English, with the rules behind it and the answers they read
 * (the explanation is stored with the outcome and the rulebook version that gave it).
 */
export function OutcomeSummary({ outcome, covers }: OutcomeSummaryProps) {
  // Its own id: the decision page shows a summary for each client.
  const headingId = useId();
  return (
    <section aria-labelledby={headingId}>
      <Typography.Title level={3} id={headingId} style={{ fontSize: 18 }}>
        {t.outcome.heading}
      </Typography.Title>
      {outcome.covers.map((cover) => {
        const chosen = covers?.find((c) => c.id === cover.coverId);
        const details = chosen ? coverDetailsText(chosen) : '';
        return (
          <Card key={cover.coverId} size="small" style={{ marginBottom: 12 }} className="cover-outcome">
            <Typography.Paragraph style={{ marginBottom: 8 }}>
              <Typography.Text strong>{productLabels[cover.productType]}</Typography.Text>
              {details && <Typography.Text> · {details}</Typography.Text>}{' '}
              <Tag color={colours[cover.displayed]} bordered={false}>
                {t.displayed[cover.displayed]}
              </Tag>
            </Typography.Paragraph>
            <Typography.Paragraph>{cover.summary}</Typography.Paragraph>
            {cover.manual && (
              <div className="cover-outcome__manual">
                <Typography.Paragraph style={{ marginBottom: 4 }}>
                  <Tag bordered={false}>{t.outcome.underwriter}</Tag> {t.outcome.underwriterReason}: {cover.manual.reason}
                </Typography.Paragraph>
                <Typography.Paragraph type="secondary" style={{ marginBottom: 8 }}>
                  {t.outcome.decidedBy(cover.manual.decidedBy.name, formatDate(cover.manual.decidedAt))}. {t.outcome.referredBy}: {cover.manual.referredSummary}
                </Typography.Paragraph>
              </div>
            )}
            {/* With nothing to explain the summary says so (and names what was disclosed). */}
            {cover.explanations.length > 0 && (
              <div>
                <Typography.Text strong>{t.outcome.because}</Typography.Text>
                <OutcomeReasons explanations={cover.explanations} />
              </div>
            )}
          </Card>
        );
      })}
      <Typography.Text type="secondary">
        {outcome.covers.some((cover) => cover.manual) ? t.outcome.referredByRulebook(outcome.rulebookVersion) : t.outcome.rulebook(outcome.rulebookVersion)}
      </Typography.Text>
    </section>
  );
}
