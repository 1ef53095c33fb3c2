import { Typography } from 'antd';
import type { Schemas } from '@/lib/api-client';
import { coverAmountText, coverLengthText, coverStructureText, productLabels, riderLabels } from '@/lib/cover-text';
import { formatMoney, formatMoneyWithPence } from '@/lib/format';
import { clientName, type Applicant, type Application, type Cover } from '../../shared/application-model';
import { reviewStrings as t } from '../strings';

type CoverOutcome = Schemas['CoverOutcome'];

const toPence = (pounds: number) => Math.round(pounds * 100);
const toPounds = (pence: number) => pence / 100;

/** 'Non-standard terms: premium loaded by 50%', from the cover's underwriting outcome. */
function termsText(outcome: CoverOutcome | undefined): string {
  if (!outcome || (outcome.loading === 0 && outcome.exclusions.length === 0)) return t.terms.standard;
  const parts = [
    ...(outcome.loading > 0 ? [t.terms.loading(outcome.loading)] : []),
    ...(outcome.exclusions.length > 0 ? [t.terms.exclusions(outcome.exclusions.join(', '))] : []),
  ];
  return `${t.terms.nonStandard}: ${parts.join('; ')}`;
}

function detailsText(cover: Cover): string {
  const riders = cover.riders.map((rider) =>
    t.rider(riderLabels[rider.riderType], formatMoney(rider.coverAmount)),
  );
  return [coverStructureText(cover), coverAmountText(cover), coverLengthText(cover), ...riders].filter((part) => part !== null).join(' · ');
}

/**
 * One client's covers on the decision's terms: each with its details, its terms and its monthly
 * premium from the decision quote; a cover postponed or declined is shown as not offered.
 */
export function ClientCovers({ application, applicant, index }: { application: Application; applicant: Applicant; index: number }) {
  const name = clientName(applicant, index);
  const priced = application.decisionQuote?.quoteApplicants.find((a) => a.id === applicant.id);
  const outcomes = application.applicantsEnquiries.find((e) => e.applicantId === applicant.id)?.outcome?.covers ?? [];
  const headingId = `review-client-${applicant.id}`;
  // The client's premium is their covers' and a policy fee, once for their policy.
  const fee = priced ? toPounds(toPence(priced.premium) - priced.quoteCovers.reduce((sum, c) => sum + toPence(c.premium), 0)) : 0;
  return (
    <section aria-labelledby={headingId} className="review-client">
      <Typography.Title level={3} id={headingId} style={{ fontSize: 17 }}>
        {t.coversOf(name)}
      </Typography.Title>
      <div className="data-table">
        <table className="data-table--fixed">
          <colgroup>
            <col style={{ width: '22%' }} />
            <col style={{ width: '32%' }} />
            <col style={{ width: '30%' }} />
            <col style={{ width: '16%' }} />
          </colgroup>
          <thead>
            <tr>
              <th scope="col">{t.columns.cover}</th>
              <th scope="col">{t.columns.details}</th>
              <th scope="col">{t.columns.terms}</th>
              <th scope="col" style={{ textAlign: 'right' }}>{t.columns.premium}</th>
            </tr>
          </thead>
          <tbody>
            {(applicant.covers ?? []).map((cover) => {
              const quoteCover = priced?.quoteCovers.find((c) => c.coverId === cover.id);
              const decision = quoteCover?.decision ?? cover.decision;
              const leftOut = decision === 'declined' || decision === 'postponed';
              return (
                <tr key={cover.id}>
                  <th scope="row" style={{ background: 'none', fontWeight: 500 }}>
                    {productLabels[cover.productType]}
                  </th>
                  <td>{detailsText(cover)}</td>
                  <td>{leftOut ? t.notOffered : termsText(outcomes.find((o) => o.coverId === cover.id))}</td>
                  <td style={{ textAlign: 'right' }}>{leftOut ? t.notOffered : formatMoneyWithPence(quoteCover?.premium)}</td>
                </tr>
              );
            })}
            {fee > 0 && (
              <tr>
                <th scope="row">{t.policyFee}</th>
                <td colSpan={2} className="data-table__secondary">
                  {t.policyFeeHelp}
                </td>
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
                <td style={{ textAlign: 'right', fontWeight: 600 }}>{formatMoneyWithPence(priced.premium)}</td>
              </tr>
            </tfoot>
          )}
        </table>
      </div>
    </section>
  );
}
