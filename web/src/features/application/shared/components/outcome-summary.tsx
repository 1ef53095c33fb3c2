import { Card, Tag, Typography } from 'antd';
import { OutcomeReasons } from '@/components/outcome-reasons';
import type { Schemas } from '@/lib/api-client';
import { formatDate } from '@/lib/format';
import { productLabels } from '@/lib/cover-text';
import { applicationStrings as t } from '../strings';

type Outcome = Schemas['ApplicantOutcome'];

const colours: Record<Schemas['DisplayedOutcome'], string> = {
  standardTerms: 'green',
  nonStandardTerms: 'gold',
  underwritingRequired: 'blue',
  unableToOfferTerms: 'red',
};

/**
 * Each cover's outcome in plain English, with the rules behind it and the answers they read
 * (the explanation is stored with the outcome and the rulebook version that gave it).
 */
export function OutcomeSummary({ outcome }: { outcome: Outcome }) {
  return (
    <section aria-labelledby="outcome-heading">
      <Typography.Title level={3} id="outcome-heading" style={{ fontSize: 18 }}>
        {t.outcome.heading}
      </Typography.Title>
      {outcome.covers.map((cover) => (
        <Card key={cover.coverId} size="small" style={{ marginBottom: 12 }} className="cover-outcome">
          <Typography.Paragraph style={{ marginBottom: 8 }}>
            <Typography.Text strong>{productLabels[cover.productType]}</Typography.Text>{' '}
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
      ))}
      <Typography.Text type="secondary">{t.outcome.rulebook(outcome.rulebookVersion)}</Typography.Text>
    </section>
  );
}
