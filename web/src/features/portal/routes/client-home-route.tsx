import { Alert, Button, Card, Flex, List, Skeleton, Tag, Typography } from 'antd';
import { Link } from 'react-router';
import { paths } from '@/app/paths';
import { PageHeading } from '@/components/page-heading';
import { formatMoneyWithPence } from '@/lib/format';
import { useClientHome, type ClientHome } from '../api/portal-api';
import { HealthQuestionsEntry } from '../health-questions/health-questions-entry';
import { portalStrings } from '../strings';

const t = portalStrings.home;

type ClientCase = ClientHome['cases'][number];
type ThingToDo = ClientHome['thingsToDo'][number];

/** /v2/portal/home: the client's home, their things to do, and each case of theirs. */
export function ClientHomeRoute() {
  const home = useClientHome();
  if (home.isError) {
    return (
      <Alert
        type="error"
        showIcon
        message={t.loadFailed}
        action={
          <Button size="small" onClick={() => void home.refetch()}>
            {t.retry}
          </Button>
        }
      />
    );
  }
  if (!home.data) {
    return (
      <div role="status" aria-label={t.loading}>
        <Skeleton active paragraph={{ rows: 6 }} />
      </div>
    );
  }
  const { name, cases, thingsToDo } = home.data;
  return (
    <div className="client-home" style={{ maxWidth: 880 }}>
      <PageHeading>{t.title(name)}</PageHeading>
      <ThingsToDo things={thingsToDo} />
      {/* The health questions advisers have sent the client to answer privately (their own section). */}
      <HealthQuestionsEntry />
      <section aria-labelledby="client-cases-heading" style={{ marginTop: 24 }}>
        <Typography.Title level={2} id="client-cases-heading" style={{ fontSize: 20 }}>
          {t.casesHeading}
        </Typography.Title>
        {cases.length === 0 ? (
          <Typography.Paragraph type="secondary">{t.noCases}</Typography.Paragraph>
        ) : (
          <Flex vertical gap="middle">
            {cases.map((item) => (
              <CaseCard key={item.applicationId} item={item} />
            ))}
          </Flex>
        )}
        {cases.length > 0 && (
          <Typography.Paragraph style={{ marginTop: 16 }}>
            <Link to={paths.clientConfirm()}>{t.addAnother}</Link>
          </Typography.Paragraph>
        )}
      </section>
    </div>
  );
}

/**
 * "Things to do": what the server says is waiting for the client. Each kind links to its page;
 * other parts of the portal (the private health questions) add their own kinds here.
 */
function ThingsToDo({ things }: { things: readonly ThingToDo[] }) {
  return (
    <section aria-labelledby="things-to-do-heading" className="things-to-do">
      <Typography.Title level={2} id="things-to-do-heading" style={{ fontSize: 20 }}>
        {t.thingsToDo}
      </Typography.Title>
      {things.length === 0 ? (
        <Typography.Paragraph type="secondary">{t.nothingToDo}</Typography.Paragraph>
      ) : (
        <List
          bordered
          dataSource={[...things]}
          renderItem={(thing) => (
            <List.Item>
              <List.Item.Meta title={<Link to={thingPath(thing)}>{thing.title}</Link>} description={thing.description} />
            </List.Item>
          )}
        />
      )}
    </section>
  );
}

/** The page each kind of thing to do is done on. */
const thingPages: Record<ThingToDo['kind'], (thing: ThingToDo) => string> = {
  confirmDetails: () => paths.clientConfirm(),
  answerHealthQuestions: (thing) => (thing.applicantId ? paths.clientHealthQuestions(thing.applicantId) : paths.clientHome()),
};

function thingPath(thing: ThingToDo): string {
  return thingPages[thing.kind](thing);
}

function CaseCard({ item }: { item: ClientCase }) {
  const headingId = `case-${String(item.applicationId)}`;
  return (
    <Card title={<h3 id={headingId} className="card-heading">{t.caseHeading(item.clientNames.join(' and '), item.applicationId)}</h3>}>
      <dl className="fact-list">
        <dt>{t.progress}</dt>
        <dd>{item.progress}</dd>
        <dt>{t.adviser}</dt>
        <dd>
          {item.adviser ? (
            <>
              {item.adviser.name}
              {item.adviser.firmName && `, ${item.adviser.firmName}`}
              <br />
              <a href={`mailto:${item.adviser.email}`}>{t.adviserEmail(item.adviser.email)}</a>
            </>
          ) : (
            t.adviserUnknown
          )}
        </dd>
      </dl>
      <Typography.Title level={4} style={{ fontSize: 16, marginTop: 16 }}>
        {t.policies}
      </Typography.Title>
      {item.policies.length === 0 ? (
        <Typography.Paragraph type="secondary">{t.noPolicies}</Typography.Paragraph>
      ) : (
        <List
          dataSource={[...item.policies]}
          renderItem={(policy) => (
            <List.Item>
              <Flex wrap gap="small" align="center" justify="space-between" style={{ width: '100%' }}>
                <span>
                  <Link to={paths.clientPolicy(policy.policyReference)} aria-label={t.viewPolicy(policy.policyReference)}>
                    {policy.policyReference}
                  </Link>{' '}
                  · {policy.holderName} · {formatMoneyWithPence(policy.monthlyPremium)}
                </span>
                <Tag color={policy.status === 'inForce' ? 'green' : 'blue'} bordered={false}>
                  {policy.statusLabel}
                </Tag>
              </Flex>
            </List.Item>
          )}
        />
      )}
    </Card>
  );
}
