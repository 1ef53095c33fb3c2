import { Alert, Skeleton, Tag, Typography } from 'antd';
import { useId } from 'react';
import type { Schemas } from '@/lib/api-client';
import { productLabels } from '@/lib/cover-text';
import { formatDate, formatMoneyWithPence } from '@/lib/format';
import { clientName, type Applicant } from '../../shared/application-model';
import { useIndicationComparison } from '../api/indication';
import { decisionStrings } from '../strings';
import { TableScroll } from '@/components/table-scroll';

const t = decisionStrings.indication;

type Terms = Schemas['Terms'];

interface IndicationComparisonProps {
  applicationId: number;
  version: number;
  applicant: Applicant;
  index: number;
}

/**
 * For a client whose application was started from an Underwriting Qi indication (issue 33): each
 * cover's terms and monthly price as Qi indicated them beside the decision's, marked where they
 * differ, and the answers that changed between the two, so the adviser can explain a price that
 * moved after underwriting. Nothing for a client who did not come from Qi.
 */
export function IndicationComparison({ applicationId, version, applicant, index }: IndicationComparisonProps) {
  const fromQi = Boolean(applicant.indication);
  const comparison = useIndicationComparison(applicationId, applicant.id, version, fromQi);
  const headingId = useId();
  const changedId = useId();
  if (!fromQi) return null;
  if (comparison.isPending) return <Skeleton active paragraph={{ rows: 3 }} />;
  if (comparison.isError) return <Alert type="warning" showIcon style={{ marginTop: 12 }} message={t.failed} />;
  const compared = comparison.data;
  // Not found: the client did not come from Qi after all (the indication was let go), so nothing to show.
  if (!compared) return null;
  return (
    <section aria-labelledby={headingId} style={{ marginTop: 16 }}>
      <Typography.Title level={3} id={headingId} style={{ fontSize: 18 }}>
        {t.heading}
      </Typography.Title>
      <TableScroll className="data-table" labelledBy={headingId}>
        <table>
          <caption style={{ captionSide: 'top', textAlign: 'left', paddingBottom: 8, color: '#4b5563' }}>
            {t.caption(clientName(applicant, index), formatDate(compared.indicatedAt))}
          </caption>
          <thead>
            <tr>
              <th scope="col">{t.columns.cover}</th>
              <th scope="col">{t.columns.indicated}</th>
              <th scope="col">{t.columns.decided}</th>
            </tr>
          </thead>
          <tbody>
            {compared.covers.map((cover) => (
              <tr key={cover.coverId}>
                <th scope="row">
                  {productLabels[cover.productType]}
                  {cover.differs && (
                    <div style={{ marginTop: 4 }}>
                      <Tag color="orange">{t.differs}</Tag>
                    </div>
                  )}
                </th>
                <td>{cover.indicated ? <TermsText terms={cover.indicated} indicative /> : t.notIndicated}</td>
                <td>{cover.decided ? <TermsText terms={cover.decided} /> : t.decisionNotPriced}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </TableScroll>
      <Typography.Title level={4} id={changedId} style={{ fontSize: 16, marginTop: 16 }}>
        {t.changedHeading}
      </Typography.Title>
      {compared.changedAnswers.length === 0 ? (
        <Typography.Paragraph>{t.noChange}</Typography.Paragraph>
      ) : (
        <ul aria-labelledby={changedId} style={{ paddingLeft: 20, marginBottom: 0 }}>
          {compared.changedAnswers.map((answer) => (
            <li key={answer.tag}>{answer.sentence}</li>
          ))}
        </ul>
      )}
    </section>
  );
}

/** 'Non-standard terms', '+50% loading', 'Excludes back conditions', '£35.18 a month', one to a line. */
function TermsText({ terms, indicative = false }: { terms: Terms; indicative?: boolean }) {
  return (
    <>
      <span className="data-table__block">{terms.outcome}</span>
      {terms.loading > 0 && <span className="data-table__block">{t.loading(terms.loading)}</span>}
      {terms.exclusions.length > 0 && <span className="data-table__block">{t.exclusions(terms.exclusions.join(', '))}</span>}
      <span className="data-table__block" style={{ fontWeight: 600 }}>
        {priceText(terms, indicative)}
      </span>
    </>
  );
}

/** The monthly premium, or why there is none (a cover declined, or left to an underwriter at Qi). */
function priceText(terms: Terms, indicative: boolean): string {
  if (terms.premium == null) return indicative ? t.notPricedAtQi : t.notPriced;
  const amount = formatMoneyWithPence(terms.premium);
  return indicative ? t.indicativePremium(amount) : t.premium(amount);
}
