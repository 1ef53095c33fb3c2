import { Col, Divider, Row } from 'antd';
import type { Adviser } from '@/lib/adviser';
import { isApiError, isProblem } from '@/lib/api-error';
import { usePriceQuote } from '../../shared/api/price-quote';
import { priceProblems, type Application } from '../../shared/application-model';
import { contactDetailsStrings } from '../strings';
import { CommissionForm } from './commission-form';
import { QuoteValidity } from './quote-validity';
import { SaleQuestions } from './sale-questions';
import { YourReferenceForm } from './your-reference-form';
import { SectionCard } from '@/components/section-card';

const t = contactDetailsStrings.application;
const headingId = 'contact-application-heading';

interface ApplicationCardProps {
  application: Application;
  settings: Adviser['uxSettings'];
  /** Contact details are locked (underwriting has started). */
  contactLocked: boolean;
  /** The apply-stage answers are locked (the application was applied for). */
  questionsLocked: boolean;
  /** What applying said about the application's own questions. */
  problems: { isMortgageRelated?: string; isAdvisedSale?: string };
}

/**
 * "The application": the sale questions, the adviser's own reference, the quote's total and
 * valid-until date, and the commission adjustment, which withdraws the price, so the quote is
 * priced again at once (as the quote page does after a change).
 */
export function ApplicationCard({ application, settings, contactLocked, questionsLocked, problems }: ApplicationCardProps) {
  const price = usePriceQuote(application.id);

  const priceAgain = (next: Application) => {
    price.reset();
    if (next.isQuoteEditable && next.priceReadiness === 'ready') price.mutate();
  };

  let problemsPricing: string[] | null = null;
  if (isProblem(price.error, 'invalid')) problemsPricing = priceProblems(price.error, application, undefined);
  else if (price.isError) problemsPricing = [isApiError(price.error) ? price.error.message : t.priceFailed];

  return (
    <SectionCard
      heading={t.heading}
      headingId={headingId}
      className="applicant-card"
    >
      <Row gutter={[32, 8]}>
        <Col xs={24} md={12}>
          <h3 className="section-heading">{t.questionsHeading}</h3>
          <SaleQuestions application={application} alwaysAdvised={settings.isAlwaysAdvised} locked={questionsLocked} problems={problems} />
          {!settings.hideYourRef && (
            <>
              <h3 className="section-heading">{t.yourRefHeading}</h3>
              <YourReferenceForm application={application} readOnly={settings.isYourRefReadOnly} locked={contactLocked} />
            </>
          )}
        </Col>
        <Col xs={24} md={12}>
          <h3 className="section-heading">{t.quoteHeading}</h3>
          <QuoteValidity
            application={application}
            mayOverride={settings.overrideQuoteDate}
            locked={questionsLocked}
            pricing={price.isPending}
            priceProblems={problemsPricing}
            onPrice={() => priceAgain(application)}
          />
        </Col>
      </Row>
      <Divider />
      <h3 className="section-heading">{t.commissionHeading}</h3>
      <CommissionForm application={application} settings={settings} locked={questionsLocked} onSaved={priceAgain} pricing={price.isPending} />
    </SectionCard>
  );
}
