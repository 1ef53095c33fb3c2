import { Button, Flex, Spin, Tag, Typography } from 'antd';
import { formatDate, formatMoneyWithPence } from '@/lib/format';
import { ProblemList } from '@/components/problem-list';
import { quotePremiums } from '../cover-form-model';
import { clientName, type Application } from '../../shared/application-model';
import { quoteStrings } from '../strings';
import { SectionCard } from '@/components/section-card';
import { ExpiredQuoteAlert } from '../../shared/components/expired-quote-alert';

const t = quoteStrings.summary;

interface QuoteSummaryProps {
  application: Application;
  /** The pricing basis's name; shown beside the price so sample rates are never taken for real ones. */
  pricingBasis: string | undefined;
  editable: boolean;
  pricing: boolean;
  /** Why the server would not price, when it said so. */
  priceProblems: string[] | null;
  onPrice: () => void;
}

const headingId = 'quote-total-heading';

/** "Total a month": the quote's premium and each client's, or why there is none yet. */
export function QuoteSummary({ application, pricingBasis, editable, pricing, priceProblems, onPrice }: QuoteSummaryProps) {
  const quote = application.quote;
  const { byApplicant } = quotePremiums(application);
  const readiness = application.priceReadiness;
  const canPrice = editable && readiness === 'ready' && !pricing;

  return (
    <SectionCard
      heading={t.heading}
      headingId={headingId}
      landmark="aside"
      landmarkClassName="quote-summary"
    >
      {application.isQuoteExpired && (
        <ExpiredQuoteAlert
          expiredOn={application.quoteExpiredOn}
          texts={{ title: t.expiredTitle, description: t.expired, priceAgain: t.priceAgain }}
          priceAgain={editable ? { disabled: !canPrice, onClick: onPrice } : undefined}
        />
      )}
      <div aria-live="polite" aria-busy={pricing}>
        {pricing ? (
          <Flex align="center" gap="small" role="status">
            <Spin />
            <Typography.Text>{t.pricing}</Typography.Text>
          </Flex>
        ) : quote ? (
          <>
            <Typography.Paragraph className="quote-summary__total">{t.total(formatMoneyWithPence(quote.premium))}</Typography.Paragraph>
            {application.applicants.length > 1 && (
              <dl className="cover-facts" aria-label={t.perClient}>
                {application.applicants.map((applicant, index) => (
                  <div key={applicant.id} className="cover-facts__row">
                    <dt>{clientName(applicant, index)}</dt>
                    <dd>{t.total(formatMoneyWithPence(byApplicant.get(applicant.id) ?? 0))}</dd>
                  </div>
                ))}
              </dl>
            )}
            {application.validUntil && <Typography.Paragraph type="secondary">{t.validUntil(formatDate(application.validUntil))}</Typography.Paragraph>}
          </>
        ) : (
          <>
            <Typography.Paragraph strong>{t.notPriced}</Typography.Paragraph>
            {priceProblems ? (
              <ProblemList title={t.cannotPrice} problems={priceProblems} />
            ) : (
              readiness !== 'ready' && (
                <Typography.Paragraph type="secondary">{readiness === 'needsCovers' ? t.needsCovers : t.needsFixes}</Typography.Paragraph>
              )
            )}
            {editable && !application.isQuoteExpired && readiness === 'ready' && (
              <Button type="primary" onClick={onPrice} disabled={!canPrice} style={{ marginTop: 12 }}>
                {t.priceNow}
              </Button>
            )}
          </>
        )}
      </div>
      {pricingBasis && (
        <div className="quote-summary__basis">
          <Tag color="gold" bordered={false}>
            {t.basis}: {pricingBasis}
          </Tag>
          <Typography.Text type="secondary" style={{ display: 'block', fontSize: 13, marginTop: 4 }}>
            {t.basisNote}
          </Typography.Text>
        </div>
      )}
    </SectionCard>
  );
}
