import { Card, Tag, Typography } from 'antd';
import { OutcomeReasons } from '@/components/outcome-reasons';
import type { Schemas } from '@/lib/api-client';
import { productLabels } from '@/lib/cover-text';
import { qiStrings } from '../strings';

const t = qiStrings.decision;

const colours: Record<Schemas['DisplayedOutcome'], string> = {
  standardTerms: 'green',
  nonStandardTerms: 'gold',
  underwritingRequired: 'blue',
  unableToOfferTerms: 'red',
};

/** Each product's indicated terms in plain English, with the rules behind them and the answers they read. */
export function Indication({ outcomes }: { outcomes: readonly Schemas['CoverOutcome'][] }) {
  return (
    <ul className="qi-indication" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
      {outcomes.map((outcome) => (
        <li key={outcome.productType}>
          <Card size="small" style={{ marginBottom: 12 }} className="cover-outcome">
            <Typography.Paragraph style={{ marginBottom: 8 }}>
              <Typography.Text strong>{productLabels[outcome.productType]}</Typography.Text>{' '}
              <Tag color={colours[outcome.displayed]} bordered={false}>
                {t.displayed[outcome.displayed]}
              </Tag>
            </Typography.Paragraph>
            {outcome.displayed === 'nonStandardTerms' && (
              <ul style={{ marginBottom: 8 }}>
                {outcome.loading > 0 && <li>{t.loading(outcome.loading)}</li>}
                {outcome.exclusions.map((exclusion) => (
                  <li key={exclusion}>{t.exclusions(exclusion)}</li>
                ))}
              </ul>
            )}
            {outcome.displayed === 'underwritingRequired' && (
              <Typography.Paragraph style={{ marginBottom: 8 }}>
                {t.underwriter}
                {outcome.evidence.length > 0 && <> {t.evidence(outcome.evidence.join(', '))}</>}
              </Typography.Paragraph>
            )}
            <Typography.Paragraph>{outcome.summary}</Typography.Paragraph>
            {outcome.explanations.length > 0 && (
              <div>
                <Typography.Text strong>{t.because}</Typography.Text>
                <OutcomeReasons explanations={outcome.explanations} />
              </div>
            )}
          </Card>
        </li>
      ))}
    </ul>
  );
}
