import { Typography } from 'antd';
import type { Schemas } from '@/lib/api-client';
import { coverDetailsText, productLabels } from '@/lib/cover-text';
import { formatMoneyWithPence } from '@/lib/format';
import { clientName } from '@/lib/client-name';
import { coverDecision, isLeftOut } from '@/lib/cover-decision';
import { policyFee } from '@/lib/policy-fee';
import { TableScroll } from './table-scroll';
import { componentStrings } from './strings';

const t = componentStrings.covers;

type Application = Schemas['Application'];
type Applicant = Application['applicants'][number];

type CoverOutcome = Schemas['CoverOutcome'];

/** 'Non-standard terms: premium loaded by 50%', from the cover's underwriting outcome. */
function termsText(outcome: CoverOutcome | undefined): string {
  if (!outcome || (outcome.loading === 0 && outcome.exclusions.length === 0)) return t.terms.standard;
  const parts = [
    ...(outcome.loading > 0 ? [t.terms.loading(outcome.loading)] : []),
    ...(outcome.exclusions.length > 0 ? [t.terms.exclusions(outcome.exclusions.join(', '))] : []),
  ];
  return `${t.terms.nonStandard}: ${parts.join('; ')}`;
}

interface ClientCoversProps {
  application: Application;
  applicant: Applicant;
  index: number;
  /**
   * Also each line's price when quoted, beside its price on the decision's terms (the decision
   * page, where the adviser sees what underwriting changed).
   */
  withQuoted?: boolean;
  /**
   * Before a decision, the lines as quoted (customer care's case page, which shows a case at any
   * stage); otherwise only the decision quote prices them.
   */
  quotedUntilDecided?: boolean;
}

/**
 * One client's covers on the decision's terms (the review, decision and customer care's case
 * pages): each with its details, its terms and its monthly
 * premium from the decision quote, then the client's policy fee and their total, so the lines add
 * up to what the client pays. A cover postponed or declined is shown as not offered.
 */
export function ClientCovers({ application, applicant, index, withQuoted = false, quotedUntilDecided = false }: ClientCoversProps) {
  const name = clientName(applicant, index);
  const pricing = application.decisionQuote ?? (quotedUntilDecided ? application.quote : null);
  const priced = pricing?.quoteApplicants.find((a) => a.id === applicant.id);
  const quoted = withQuoted ? application.quote?.quoteApplicants.find((a) => a.id === applicant.id) : undefined;
  const outcomes = application.applicantsEnquiries.find((e) => e.applicantId === applicant.id)?.outcome?.covers ?? [];
  const headingId = `client-covers-${applicant.id}`;
  const fee = priced ? policyFee(priced) : 0;
  const quotedFee = quoted ? policyFee(quoted) : 0;
  return (
    <section aria-labelledby={headingId} className="review-client">
      <Typography.Title level={3} id={headingId} style={{ fontSize: 17 }}>
        {t.coversOf(name)}
      </Typography.Title>
      <TableScroll className="data-table" labelledBy={headingId}>
        <table className="data-table--fixed">
          <colgroup>
            <col style={{ width: withQuoted ? '20%' : '22%' }} />
            <col style={{ width: withQuoted ? '28%' : '32%' }} />
            <col style={{ width: withQuoted ? '24%' : '30%' }} />
            {withQuoted && <col style={{ width: '13%' }} />}
            <col style={{ width: withQuoted ? '15%' : '16%' }} />
          </colgroup>
          <thead>
            <tr>
              <th scope="col">{t.columns.cover}</th>
              <th scope="col">{t.columns.details}</th>
              <th scope="col">{t.columns.terms}</th>
              {withQuoted && <th scope="col" style={{ textAlign: 'right' }}>{t.columns.quoted}</th>}
              <th scope="col" style={{ textAlign: 'right' }}>{withQuoted ? t.columns.onTerms : t.columns.premium}</th>
            </tr>
          </thead>
          <tbody>
            {(applicant.covers ?? []).map((cover) => {
              const quoteCover = priced?.quoteCovers.find((c) => c.coverId === cover.id);
              const leftOut = isLeftOut(coverDecision(application, cover));
              return (
                <tr key={cover.id}>
                  <th scope="row" style={{ background: 'none', fontWeight: 500 }}>
                    {productLabels[cover.productType]}
                  </th>
                  <td>{coverDetailsText(cover)}</td>
                  <td>{leftOut ? t.notOffered : termsText(outcomes.find((o) => o.coverId === cover.id))}</td>
                  {withQuoted && (
                    <td style={{ textAlign: 'right' }}>{formatMoneyWithPence(quoted?.quoteCovers.find((c) => c.coverId === cover.id)?.premium)}</td>
                  )}
                  <td style={{ textAlign: 'right' }}>{leftOut ? t.notOffered : formatMoneyWithPence(quoteCover?.premium)}</td>
                </tr>
              );
            })}
            {(fee > 0 || quotedFee > 0) && (
              <tr>
                <th scope="row">{t.policyFee}</th>
                <td colSpan={2} className="data-table__secondary">
                  {t.policyFeeHelp}
                </td>
                {withQuoted && <td style={{ textAlign: 'right' }}>{formatMoneyWithPence(quotedFee)}</td>}
                <td style={{ textAlign: 'right' }}>{formatMoneyWithPence(fee)}</td>
              </tr>
            )}
          </tbody>
          {priced && (
            <tfoot>
              <tr>
                <th scope="row" colSpan={3} style={{ textAlign: 'right' }}>
                  {t.clientTotal(name)}
                </th>
                {withQuoted && <td style={{ textAlign: 'right', fontWeight: 600 }}>{formatMoneyWithPence(quoted?.premium)}</td>}
                <td style={{ textAlign: 'right', fontWeight: 600 }}>{formatMoneyWithPence(priced.premium)}</td>
              </tr>
            </tfoot>
          )}
        </table>
      </TableScroll>
    </section>
  );
}
