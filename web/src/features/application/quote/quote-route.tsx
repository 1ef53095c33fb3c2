import { ArrowRightOutlined } from '@ant-design/icons';
import { useIsMutating } from '@tanstack/react-query';
import { Alert, Button, Col, Flex, Row, Skeleton } from 'antd';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { paths } from '@/app/paths';
import { useAdviser } from '@/lib/adviser';
import { isApiError, isProblem } from '@/lib/api-error';
import { stepState } from '@/lib/rules/journey';
import { useProducts } from '@/lib/products';
import { documentsMutationKey } from '../shared/api/download-document';
import { usePriceQuote } from '../shared/api/price-quote';
import { ApplicantCoversCard, type PayoutPlannerOffer } from './components/applicant-covers-card';
import { ApplicationHeader, ApplicationRoute, type ApplicationPageProps } from '../shared/components/application-page';
import { CoverDrawer, type CoverTarget } from './components/cover-drawer';
import { JourneySteps, journeyState } from '../shared/components/journey-steps';
import { QiIndicationNotices } from './components/qi-indication-notice';
import { QuoteDocuments } from './components/quote-documents';
import { QuoteSummary } from './components/quote-summary';
import { UnlockQuoteButton } from '../shared/components/unlock-quote-button';
import { quotePremiums } from './cover-form-model';
import { coverErrors, priceProblems, type Cover } from '../shared/application-model';
import { quoteStrings as t } from './strings';
import { useMessage } from '@/components/feedback';

/** The adviser's uxSettings.displayPayoutPlanner (on unless the firm turns it off). */
function payoutPlannerOffer(adviser: ReturnType<typeof useAdviser>): PayoutPlannerOffer {
  if (!adviser.data) return 'unknown';
  return adviser.data.uxSettings.displayPayoutPlanner ? 'offered' : 'notOffered';
}

/** /v2/application/:applicationId/quote: the quote builder. */
export function QuoteRoute() {
  return <ApplicationRoute page={QuoteBuilder} />;
}

function QuoteBuilder({ applicationId, application: data }: ApplicationPageProps) {
  const products = useProducts();
  const price = usePriceQuote(applicationId);
  const adviser = useAdviser();
  // Downloading a document changes nothing, so it does not hold up changes.
  const busy = useIsMutating({ predicate: (mutation) => mutation.options.mutationKey?.[0] !== documentsMutationKey[0] }) > 0;
  const [target, setTarget] = useState<CoverTarget | null>(null);
  const message = useMessage();
  const navigate = useNavigate();

  const editable = data?.isQuoteEditable === true;

  /** A cover change comes back priced when the quote can be priced: an earlier refusal to price no longer stands. */
  const afterChange = () => {
    price.reset();
  };

  const afterSave = (saved: Cover | undefined) => {
    const wasEdit = target?.cover !== undefined;
    setTarget(null);
    if (saved && coverErrors(saved).length > 0) void message.warning(t.savedWithProblems);
    else void message.success(wasEdit ? t.saved : t.added);
    afterChange();
  };

  const problems = data && isProblem(price.error, 'invalid') ? priceProblems(price.error, data, products.data) : null;
  const failed = price.isError && !problems ? [isApiError(price.error) ? price.error.message : t.summary.priceFailed] : null;
  const premiums = data ? quotePremiums(data).byCover : new Map<string, number>();
  const journeyNow = data ? journeyState(data) : null;
  const contactOpen = journeyNow ? stepState(journeyNow, 'contactDetails').enabled : false;
  // Once underwriting has decided (an upsell brings the adviser here), the way on is the decision.
  const decisionOpen = journeyNow ? stepState(journeyNow, 'decision').enabled : false;

  return (
    <>
      <ApplicationHeader applicationId={applicationId} application={data} heading={t.heading} />
      <JourneySteps application={data} current="quote" />
      {data && !editable && (
        <Alert type="info" showIcon message={t.readOnly} action={<UnlockQuoteButton application={data} />} style={{ marginBottom: 24 }} />
      )}
      {data?.isRestrictedCover && <Alert type="warning" showIcon message={t.restricted.tag} description={t.restricted.summary} style={{ marginBottom: 24 }} />}
      {data && <QiIndicationNotices application={data} />}
      {data ? (
        <Row gutter={[24, 24]}>
          <Col xs={24} lg={16}>
            <Row gutter={[24, 24]}>
              {data.applicants.map((applicant, index) => (
                <Col key={applicant.id} span={24}>
                  <ApplicantCoversCard
                    application={data}
                    applicant={applicant}
                    index={index}
                    offer={products.data}
                    premiums={premiums}
                    payoutPlanner={payoutPlannerOffer(adviser)}
                    editable={editable}
                    busy={busy}
                    onAdd={() => setTarget({ applicant, index })}
                    onEdit={(cover) => setTarget({ applicant, index, cover })}
                    onRemoved={afterChange}
                  />
                </Col>
              ))}
            </Row>
          </Col>
          <Col xs={24} lg={8}>
            <div className="quote-sidebar">
              <QuoteSummary
                application={data}
                pricingBasis={products.data?.pricingBasis}
                editable={editable}
                pricing={price.isPending}
                priceProblems={problems ?? failed}
                onPrice={() => price.mutate()}
              />
              <QuoteDocuments application={data} />
            </div>
          </Col>
        </Row>
      ) : (
        <Skeleton active paragraph={{ rows: 8 }} />
      )}
      {data && (decisionOpen || contactOpen) && (
        <Flex justify="flex-end" style={{ marginTop: 24 }}>
          <Button
            type="primary"
            size="large"
            onClick={() => void navigate(decisionOpen ? paths.decision(data.id) : paths.contactDetails(data.id))}
          >
            {decisionOpen ? t.continueToDecision : t.continueToContactDetails} <ArrowRightOutlined aria-hidden="true" />
          </Button>
        </Flex>
      )}
      <CoverDrawer applicationId={applicationId} target={target} onClose={() => setTarget(null)} onSaved={afterSave} />
    </>
  );
}
