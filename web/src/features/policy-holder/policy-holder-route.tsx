import { Breadcrumb, Card, Col, Row, Skeleton, Space, Tag, Typography } from 'antd';
import { Link, useParams } from 'react-router';
import { paths } from '@/app/paths';
import { DocumentDownloads } from '@/components/document-downloads';
import { PageHeading } from '@/components/page-heading';
import { PageResult } from '@/components/page-result';
import type { Schemas } from '@/lib/api-client';
import { isProblem } from '@/lib/api-error';
import { coverAmountText, coverLengthText, coverStructureText, productLabels, riderLabels } from '@/lib/cover-text';
import { formatDate, formatMoney, formatMoneyWithPence } from '@/lib/format';
import { ordinal } from '@/lib/ordinal';
import { groupPhoneNumber } from '@/lib/rules/phone';
import { usePolicyDetails } from './api/get-policy-details';
import { policyHolderStrings as t } from './strings';
import { TableScroll } from '@/components/table-scroll';

type PolicyDetails = Schemas['PolicyDetails'];

/** /v2/policy-holder/:policyHolderId: one client's policy (§2 Policy view). */
export function PolicyHolderRoute() {
  const policyHolderId = useParams().policyHolderId ?? '';
  if (policyHolderId.trim() === '') return <PolicyNotFound />;
  return <PolicyView policyHolderId={policyHolderId} />;
}

function PolicyView({ policyHolderId }: { policyHolderId: string }) {
  const details = usePolicyDetails(policyHolderId);
  if (details.isError) {
    if (isProblem(details.error, 'not-found')) return <PolicyNotFound />;
    return <PolicyLoadFailed onRetry={() => void details.refetch()} />;
  }
  const data = details.data;
  return (
    <>
      <Breadcrumb
        style={{ marginBottom: 12 }}
        items={[
          { title: <Link to={paths.dashboard()}>{t.breadcrumbDashboard}</Link> },
          { title: <Link to={paths.dashboard('policyholders')}>{t.breadcrumbPolicyholders}</Link> },
          ...(data ? [{ title: data.policy.policyReference }] : []),
        ]}
      />
      {!data ? (
        <div role="status" aria-label={t.loading}>
          <Skeleton active paragraph={{ rows: 10 }} />
        </div>
      ) : (
        <Policy details={data} />
      )}
    </>
  );
}

function Policy({ details }: { details: PolicyDetails }) {
  const { policy } = details;
  const inForce = policy.status === 'inForce';
  return (
    <>
      <header className="page-header">
        {/* The name as the Policyholders list shows it: first and last name, no title. */}
        <PageHeading>{policy.holderName}</PageHeading>
        <Space size="middle" wrap style={{ marginTop: 4 }}>
          <Typography.Text strong>{policy.policyReference}</Typography.Text>
          <Tag color={inForce ? 'green' : 'blue'} bordered={false}>
            {inForce ? t.inForce : t.startsOn(formatDate(policy.startsOn))}
          </Tag>
        </Space>
      </header>
      <Row gutter={[24, 24]}>
        <Col xs={24} lg={14}>
          <Card title={<h2 className="card-heading">{t.policyHeading}</h2>} style={{ height: '100%' }}>
            <dl className="fact-list">
              <dt>{t.policyNumber}</dt>
              <dd>{policy.policyReference}</dd>
              <dt>{t.status}</dt>
              <dd>{inForce ? t.inForce : t.startsLater}</dd>
              <dt>{t.startDate}</dt>
              <dd>{formatDate(policy.startsOn)}</dd>
              <dt>{t.monthlyPremium}</dt>
              <dd>{formatMoneyWithPence(policy.monthlyPremium)}</dd>
              <dt>{t.cancellation}</dt>
              <dd>
                {policy.cancellationWindowClosed
                  ? t.cancellationEnded(formatDate(policy.cancellationEndsOn))
                  : t.cancelUntil(formatDate(policy.cancellationEndsOn))}
              </dd>
              {details.dateOfBirth && (
                <>
                  <dt>{t.dateOfBirth}</dt>
                  <dd>{formatDate(details.dateOfBirth)}</dd>
                </>
              )}
              <dt>{t.application}</dt>
              <dd>
                <Link to={paths.complete(details.applicationId)}>{t.applicationLink(details.applicationId)}</Link>
              </dd>
              {details.jointPolicy && (
                <>
                  <dt>{t.jointPolicy}</dt>
                  <dd>
                    <Link to={paths.policyHolder(details.jointPolicy.policyHolderId)}>
                      {t.jointPolicyLink(details.jointPolicy.holderName, details.jointPolicy.policyReference)}
                    </Link>
                  </dd>
                </>
              )}
            </dl>
          </Card>
        </Col>
        <Col xs={24} lg={10}>
          <ContactCard contact={details.contactDetails} />
          <Card title={<h2 className="card-heading">{t.bankHeading}</h2>} style={{ marginTop: 24 }}>
            {details.bankDetails ? (
              <dl className="fact-list">
                <dt>{t.bank.name}</dt>
                <dd>{details.bankDetails.name}</dd>
                <dt>{t.bank.accountNumber}</dt>
                <dd>{details.bankDetails.accountNumber}</dd>
                <dt>{t.bank.sortCode}</dt>
                <dd>{details.bankDetails.sortCode}</dd>
                <dt>{t.bank.collectionDay}</dt>
                <dd>{t.collectionDay(ordinal(details.bankDetails.collectionDay))}</dd>
              </dl>
            ) : (
              <Typography.Text type="secondary">{t.noBank}</Typography.Text>
            )}
          </Card>
        </Col>
      </Row>
      <CoverSummary details={details} />
      <section aria-labelledby="policy-documents-heading" style={{ marginTop: 24 }}>
        <Typography.Title level={2} id="policy-documents-heading" style={{ fontSize: 20 }}>
          {t.documentsHeading}
        </Typography.Title>
        {policy.documents.length === 0 ? (
          <Typography.Text type="secondary">{t.noDocuments}</Typography.Text>
        ) : (
          <DocumentDownloads documents={policy.documents} label={(document) => t.download(document.title)} failed={t.downloadFailed} />
        )}
      </section>
    </>
  );
}

/** An address's lines, in the order a letter is addressed. */
const addressFields = ['address1', 'address2', 'address3', 'cityName', 'county', 'postcode'] as const;

/** Where the policyholder lives and how to reach them, as the server gives them. */
function ContactCard({ contact }: { contact: PolicyDetails['contactDetails'] }) {
  const address = contact ? addressFields.flatMap((field) => (contact[field] ? [{ field, line: contact[field] }] : [])) : [];
  return (
    <Card title={<h2 className="card-heading">{t.contactHeading}</h2>}>
      {contact ? (
        <dl className="fact-list">
          <dt>{t.contact.address}</dt>
          <dd>
            {address.length === 0
              ? t.contact.none
              : address.map(({ field, line }) => <div key={field}>{line}</div>)}
          </dd>
          <dt>{t.contact.phone}</dt>
          <dd>{contact.phoneNumber ? groupPhoneNumber(contact.phoneNumber) : t.contact.none}</dd>
          <dt>{t.contact.email}</dt>
          <dd>{contact.emailAddress ?? t.contact.none}</dd>
        </dl>
      ) : (
        <Typography.Text type="secondary">{t.noContact}</Typography.Text>
      )}
    </Card>
  );
}

/** §2 "Cover Summary": each cover in force, on the terms it was accepted on, with its premium. */
function CoverSummary({ details }: { details: PolicyDetails }) {
  // The monthly premium is the covers' and a policy fee.
  const pence = (pounds: number) => Math.round(pounds * 100);
  const fee = (pence(details.policy.monthlyPremium) - details.covers.reduce((sum, c) => sum + pence(c.premium), 0)) / 100;
  return (
    <section aria-labelledby="cover-summary-heading" style={{ marginTop: 24 }}>
      <Typography.Title level={2} id="cover-summary-heading" style={{ fontSize: 20 }}>
        {t.coverSummary}
      </Typography.Title>
      {details.covers.length === 0 ? (
        <Typography.Text type="secondary">{t.noCovers}</Typography.Text>
      ) : (
        <TableScroll className="data-table" labelledBy="cover-summary-heading">
          <table className="data-table--fixed">
            <colgroup>
              <col style={{ width: '18%' }} />
              <col style={{ width: '10%' }} />
              <col style={{ width: '14%' }} />
              <col style={{ width: '10%' }} />
              <col style={{ width: '11%' }} />
              <col style={{ width: '24%' }} />
              <col style={{ width: '13%' }} />
            </colgroup>
            <thead>
              <tr>
                <th scope="col">{t.columns.product}</th>
                <th scope="col">{t.columns.structure}</th>
                <th scope="col">{t.columns.amount}</th>
                <th scope="col">{t.columns.length}</th>
                <th scope="col">{t.columns.endsOn}</th>
                <th scope="col">{t.columns.terms}</th>
                <th scope="col" style={{ textAlign: 'right' }}>{t.columns.premium}</th>
              </tr>
            </thead>
            <tbody>
              {details.covers.map(({ cover, terms, premium, endsOn }) => (
                <tr key={cover.id}>
                  <th scope="row">
                    {productLabels[cover.productType]}
                    {cover.riders.map((rider) => (
                      <span key={rider.riderType} className="data-table__secondary data-table__block">
                        + {riderLabels[rider.riderType]} {formatMoney(rider.coverAmount)}
                      </span>
                    ))}
                  </th>
                  <td>{coverStructureText(cover) ?? '–'}</td>
                  <td>{coverAmountText(cover) ?? '–'}</td>
                  <td>{coverLengthText(cover) ?? '–'}</td>
                  <td>{endsOn ? formatDate(endsOn) : '–'}</td>
                  <td>{terms}</td>
                  <td style={{ textAlign: 'right' }}>{formatMoneyWithPence(premium)}</td>
                </tr>
              ))}
              {fee > 0 && (
                <tr>
                  <th scope="row">{t.policyFee}</th>
                  <td colSpan={5} className="data-table__secondary">
                    {t.policyFeeHelp}
                  </td>
                  <td style={{ textAlign: 'right' }}>{formatMoneyWithPence(fee)}</td>
                </tr>
              )}
            </tbody>
            <tfoot>
              <tr>
                <th scope="row" colSpan={6} style={{ textAlign: 'right' }}>
                  {t.total}
                </th>
                <td style={{ textAlign: 'right' }}>{formatMoneyWithPence(details.policy.monthlyPremium)}</td>
              </tr>
            </tfoot>
          </table>
        </TableScroll>
      )}
    </section>
  );
}

function PolicyNotFound() {
  return <PageResult status="404" title={t.notFoundTitle} description={t.notFoundDescription} action={t.backToPolicyholders} to={paths.dashboard('policyholders')} />;
}

function PolicyLoadFailed({ onRetry }: { onRetry: () => void }) {
  return <PageResult status="error" title={t.loadFailedTitle} description={t.loadFailedDescription} action={t.retry} onAction={onRetry} />;
}
