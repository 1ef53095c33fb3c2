import { Alert } from 'antd';
import type { Schemas } from '@/lib/api-client';
import { productLabels } from '@/lib/cover-text';
import { formatDate, formatMoneyWithPence } from '@/lib/format';
import { clientName, type Application } from '../../shared/application-model';
import { quoteStrings } from '../strings';

const t = quoteStrings.indication;

/** One product's indicated terms in words: "premium loaded by 50%", "excluding back pain". */
function termsText(outcome: Schemas['CoverOutcome']): string {
  switch (outcome.displayed) {
    case 'standardTerms':
      return t.standard;
    case 'underwritingRequired':
      return t.referred;
    case 'unableToOfferTerms':
      return t.declined;
    case 'nonStandardTerms':
      return [...(outcome.loading > 0 ? [t.loading(outcome.loading)] : []), ...outcome.exclusions.map(t.exclusion)].join(', ');
  }
}

/**
 * Issue 50: a client brought in from Qi was told indicated terms and a price; the quote prices at
 * standard rates until underwriting decides, so each such client's indication stands above the
 * quote, product by product with its indicated monthly price.
 */
export function QiIndicationNotices({ application }: { application: Application }) {
  return (
    <>
      {application.applicants.map((applicant, index) => {
        const indication = applicant.indication;
        if (!indication) return null;
        return (
          <Alert
            key={applicant.id}
            type="warning"
            showIcon
            style={{ marginBottom: 24 }}
            message={t.heading(clientName(applicant, index), formatDate(indication.indicatedAt))}
            description={
              <>
                <ul style={{ margin: '4px 0 8px', paddingLeft: 20 }}>
                  {indication.outcomes.map((outcome) => {
                    const price = indication.prices.find((p) => p.productType === outcome.productType);
                    return (
                      <li key={outcome.productType}>
                        <strong>{productLabels[outcome.productType]}</strong>: {termsText(outcome)}
                        {price && ` · ${t.price(formatMoneyWithPence(price.premium))}`}
                      </li>
                    );
                  })}
                </ul>
                {t.explain}
              </>
            }
          />
        );
      })}
    </>
  );
}
