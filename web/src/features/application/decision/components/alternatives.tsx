import { Alert, Button, Skeleton, Typography } from 'antd';
import type { Schemas } from '@/lib/api-client';
import { isApiError } from '@/lib/api-error';
import { formatMoneyWithPence } from '@/lib/format';
import { clientName } from '../../shared/application-model';
import { productLabels } from '@/lib/cover-text';
import { useAlternatives, useTakeAlternative } from '../api/alternatives';
import { decisionStrings as t } from '../strings';
import { TableScroll } from '@/components/table-scroll';

type Application = Schemas['Application'];

/**
 * What else the insurer could offer where a cover is loaded or has an exclusion, each priced on
 * the decision's basis, and taken with one click (the decision is priced again with it).
 */
export function Alternatives({ application }: { application: Application }) {
  const alternatives = useAlternatives(application.id, application.version, true);
  const take = useTakeAlternative(application.id);
  const offers = alternatives.data ?? [];
  if (alternatives.isPending) return <Skeleton active paragraph={{ rows: 2 }} />;
  if (alternatives.isError) return <Alert type="warning" showIcon message={t.alternativesFailed} />;
  if (offers.length === 0) return null;
  return (
    <section aria-labelledby="decision-alternatives-heading" style={{ marginTop: 24 }}>
      <Typography.Title level={2} id="decision-alternatives-heading" style={{ fontSize: 20 }}>
        {t.alternativesHeading}
      </Typography.Title>
      <Typography.Paragraph>{t.alternativesIntro}</Typography.Paragraph>
      {take.isError && (
        <Alert
          type="error"
          showIcon
          style={{ marginBottom: 12 }}
          message={isApiError(take.error) && take.error.problem ? take.error.problem.detail : t.takeFailed}
        />
      )}
      <TableScroll className="data-table" labelledBy="decision-alternatives-heading">
        <table>
          <thead>
            <tr>
              <th scope="col">{t.alternativeColumns.cover}</th>
              <th scope="col">{t.alternativeColumns.offer}</th>
              <th scope="col" style={{ textAlign: 'right' }}>{t.alternativeColumns.now}</th>
              <th scope="col" style={{ textAlign: 'right' }}>{t.alternativeColumns.instead}</th>
              <th scope="col" style={{ textAlign: 'right' }}>{t.alternativeColumns.total}</th>
              <th scope="col"><span className="visually-hidden">{t.alternativeColumns.action}</span></th>
            </tr>
          </thead>
          <tbody>
            {offers.map((offer) => {
              const index = application.applicants.findIndex((a) => a.id === offer.applicantId);
              const applicant = application.applicants[index];
              const current = applicant?.covers?.find((c) => c.id === offer.coverId);
              const product = productLabels[current?.productType ?? offer.cover.productType];
              const who = applicant ? `${clientName(applicant, index)}: ${product}` : product;
              return (
                <tr key={offer.id}>
                  <td>{who}</td>
                  <td>
                    {offer.description}
                    <br />
                    <Typography.Text type="secondary">{offer.outcome.summary}</Typography.Text>
                  </td>
                  <td style={{ textAlign: 'right' }}>{formatMoneyWithPence(offer.currentPremium)}</td>
                  <td style={{ textAlign: 'right' }}>{formatMoneyWithPence(offer.premium)}</td>
                  <td style={{ textAlign: 'right' }}>{formatMoneyWithPence(offer.totalPremium)}</td>
                  <td>
                    <Button
                      size="small"
                      aria-label={t.takeLabel(who, offer.description)}
                      loading={take.isPending && take.variables.alternativeId === offer.id}
                      disabled={take.isPending}
                      onClick={() => take.mutate({ alternativeId: offer.id, basedOnVersion: offer.basedOnVersion })}
                    >
                      {t.take}
                    </Button>
                  </td>
                </tr>
              );
            })}
          </tbody>
        </table>
      </TableScroll>
    </section>
  );
}
