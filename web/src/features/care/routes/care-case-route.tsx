import { Alert, Button, Descriptions, List, Tag } from 'antd';
import { useState } from 'react';
import { Link, useParams } from 'react-router';
import { paths } from '@/app/paths';
import { ClientCovers } from '@/components/client-covers';
import { PageHeading } from '@/components/page-heading';
import { PageStatus } from '@/components/page-status';
import { isProblem } from '@/lib/api-error';
import { clientName } from '@/lib/client-name';
import { formatDate, formatDateTime, formatMoneyWithPence } from '@/lib/format';
import type { Schemas } from '@/lib/api-client';
import { useRoles } from '@/lib/auth/roles';
import { useCareCase, useCareDocument, useShowHealthAnswers, type Enquiry } from '../api/care';
import { EmptyText } from '../components/empty-text';
import { CareCaseTimeline } from './case-timeline';
import { careStrings as t } from '../strings';

/**
 * /v2/customer-care/cases/:applicationId: any firm's case, read only, with its adviser, firm and
 * documents. A client's health answers are shown only when asked for, and the page says that each
 * showing is recorded.
 */
export function CareCaseRoute() {
  const { applicationId } = useParams();
  const id = Number(applicationId);
  const found = useCareCase(id);
  if (found.isPending) return <PageStatus message={t.loading} />;
  if (found.isError || !Number.isSafeInteger(id)) {
    return <Alert type="error" showIcon message={t.loadFailed} description={found.error?.message} />;
  }
  const { application, adviser, documents } = found.data;
  return (
    <>
      <header className="page-header">
        <PageHeading>{t.case.heading(application.id)}</PageHeading>
        <p className="page-header__subtitle">{t.case.readOnly}</p>
      </header>
      <p>
        <Link to={paths.customerCare()}>{t.case.back}</Link>
      </p>
      <section aria-labelledby="care-case-adviser" className="panel care-panel">
        <h2 id="care-case-adviser" className="card-heading">
          {t.case.adviser}
        </h2>
        <Descriptions
          column={1}
          size="small"
          items={[
            { key: 'adviser', label: t.case.adviser, children: adviser?.name ?? application.adviserId },
            { key: 'email', label: t.case.email, children: adviser?.email ?? '' },
            { key: 'firm', label: t.case.firm, children: adviser?.firmName ?? t.none },
            { key: 'location', label: t.case.location, children: adviser?.firmLocationName ?? t.none },
            { key: 'stage', label: t.case.stage, children: application.applicationStatus },
          ]}
        />
      </section>
      <CoverPanel application={application} />
      <ClientsPanel applicationId={application.id} clients={application.applicants} />
      <DocumentsPanel documents={documents} />
      <CareCaseTimeline applicationId={application.id} />
    </>
  );
}

interface Client {
  id: string;
  firstName?: string | null;
  lastName?: string | null;
  dateOfBirth?: string | null;
}

function ClientsPanel({ applicationId, clients }: { applicationId: number; clients: readonly Client[] }) {
  const roles = useRoles();
  return (
    <section aria-labelledby="care-case-clients" className="panel care-panel">
      <h2 id="care-case-clients" className="card-heading">
        {t.case.clients}
      </h2>
      <Alert type="info" showIcon message={t.case.healthHeading} description={t.case.healthNotice} style={{ marginBottom: 16 }} />
      {clients.map((client, index) => (
        <ClientHealth key={client.id} applicationId={applicationId} client={client} name={clientName(client, index)} />
      ))}
      {roles.includes('ccaadmin') && <Link to={paths.careDataReads(applicationId)}>{t.case.readsLink}</Link>}
    </section>
  );
}

function ClientHealth({ applicationId, client, name }: { applicationId: number; client: Client; name: string }) {
  const show = useShowHealthAnswers(applicationId);
  const notStarted = isProblem(show.error, 'not-found');
  return (
    <div style={{ marginBottom: 16 }}>
      <h3>{name}</h3>
      {client.dateOfBirth && (
        <p>
          {t.case.dateOfBirth}: {formatDate(client.dateOfBirth)}
        </p>
      )}
      <Button onClick={() => show.mutate(client.id)} loading={show.isPending}>
        {t.case.showHealth(name)}
      </Button>
      {show.isError && <p role="alert">{notStarted ? t.case.noEnquiry : t.case.healthFailed}</p>}
      {show.data && <Answers enquiry={show.data} name={name} />}
    </div>
  );
}

function Answers({ enquiry, name }: { enquiry: Enquiry; name: string }) {
  return (
    <section aria-label={t.case.answersOf(name)}>
      {enquiry.sections.map((section) => (
        <div key={section.id}>
          <h4>{section.name}</h4>
          <dl>
            {section.enquiryLines.flatMap((line) =>
              line.questions.map((question) => (
                <div key={`${line.id}-${question.tag}`}>
                  <dt>{question.text}</dt>
                  <dd>{question.answerText ?? question.answer ?? t.case.notAnswered}</dd>
                </div>
              )),
            )}
          </dl>
        </div>
      ))}
    </section>
  );
}

function DocumentsPanel({ documents }: { documents: readonly { id: string; fileName: string; createdAt: string }[] }) {
  const download = useCareDocument();
  const [failed, setFailed] = useState(false);
  const onDownload = (documentId: string, fileName: string) => {
    setFailed(false);
    download.mutate(
      { documentId, fileName },
      { onError: () => setFailed(true) },
    );
  };
  return (
    <section aria-labelledby="care-case-documents" className="panel care-panel">
      <h2 id="care-case-documents" className="card-heading">
        {t.case.documents}
      </h2>
      {failed && <p role="alert">{t.case.downloadFailed}</p>}
      <List
        dataSource={[...documents]}
        locale={{ emptyText: <EmptyText>{t.case.noDocuments}</EmptyText> }}
        renderItem={(document) => (
          <List.Item>
            <Button type="link" onClick={() => onDownload(document.id, document.fileName)} aria-label={t.case.download(document.fileName)}>
              {document.fileName}
            </Button>
            <span>{formatDateTime(document.createdAt)}</span>
          </List.Item>
        )}
      />
    </section>
  );
}

/**
 * What a caller asks customer care about (issue 50): each policy's number, status, start and
 * premium once issued, and each client's covers with their monthly premium, on the decision's
 * terms or, before a decision, as quoted.
 */
function CoverPanel({ application }: { application: Schemas['Application'] }) {
  const priced = application.decisionQuote ?? application.quote;
  return (
    <section aria-labelledby="care-case-cover" className="panel care-panel">
      <h2 id="care-case-cover" className="card-heading">
        {t.case.coverHeading}
      </h2>
      {application.policies.length > 0 && (
        <ul aria-label={t.case.policies} className="care-policies">
          {application.policies.map((policy) => (
            <li key={policy.policyReference}>
              <span>
                <strong>{policy.policyReference}</strong> · {policy.holderName} · {t.case.policyPremium(formatMoneyWithPence(policy.monthlyPremium))} ·{' '}
                {t.case.startsOn(formatDate(policy.startsOn))}
              </span>{' '}
              <Tag color={policy.status === 'inForce' ? 'green' : 'blue'} bordered={false}>
                {t.case.policyStatuses[policy.status]}
              </Tag>
            </li>
          ))}
        </ul>
      )}
      {application.applicants.map((applicant, index) => (
        <ClientCovers key={applicant.id} application={application} applicant={applicant} index={index} quotedUntilDecided />
      ))}
      <p>
        {priced ? (
          <>
            {application.decisionQuote ? t.case.totalOnTerms : t.case.totalQuoted}: <strong>{formatMoneyWithPence(priced.premium)}</strong>
          </>
        ) : (
          t.case.notPriced
        )}
      </p>
    </section>
  );
}
