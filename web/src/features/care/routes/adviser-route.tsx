import { Alert, Button, Checkbox, InputNumber, Select, Table } from 'antd';
import { useState, type FormEvent } from 'react';
import { Link, useParams } from 'react-router';
import { paths } from '@/app/paths';
import { PageHeading } from '@/components/page-heading';
import { PageStatus } from '@/components/page-status';
import { ProblemList } from '@/components/problem-list';
import { TableScroll } from '@/components/table-scroll';
import { UkDateInput } from '@/components/uk-date-input';
import { isApiError } from '@/lib/api-error';
import { formatDate, formatDateTime } from '@/lib/format';
import {
  useAddDelegation,
  useAdviserHistory,
  useCareAdviser,
  useCareAdvisers,
  useCareFirms,
  useEndDelegation,
  useSetFlags,
  useSetLocation,
  type CareAdviserDetails,
  type CareChange,
  type UxSettings,
} from '../api/care';
import { formRow } from '../components/layout';
import { EmptyText } from '../components/empty-text';
import { careStrings as t } from '../strings';

/** The server's words for a refusal: each field's message, else its detail. */
function problems(error: unknown): string[] {
  if (!error) return [];
  if (isApiError(error)) return error.fieldErrors.length ? error.fieldErrors.map((e) => e.message) : [error.message];
  return [t.loadFailed];
}

/**
 * /v2/customer-care/advisers/:adviserId: a customer care administrator sets the adviser's flags
 * (§6), firm location and delegations; each change is recorded and listed under History. The
 * adviser sees a change on their next request.
 */
export function AdviserRoute() {
  const { adviserId = '' } = useParams();
  const found = useCareAdviser(adviserId);
  if (found.isPending) return <PageStatus message={t.loading} />;
  if (found.isError) return <Alert type="error" showIcon message={t.loadFailed} description={found.error.message} />;
  const details = found.data;
  return (
    <>
      <header className="page-header">
        <PageHeading>{details.adviser.name}</PageHeading>
        <p className="page-header__subtitle">
          {details.adviser.email}
          {details.adviser.firmName ? ` · ${details.adviser.firmName}` : ''}
        </p>
      </header>
      <p>
        <Link to={paths.careAdvisers()}>{t.adviser.back}</Link>
      </p>
      <FlagsForm key={adviserId} adviserId={adviserId} settings={details.uxSettings} />
      <LocationForm key={adviserId} details={details} />
      <Delegations details={details} />
      <History adviserId={adviserId} />
    </>
  );
}

const booleanFlags = [
  'configureHybridCommission',
  'displayPayoutPlanner',
  'isYourRefReadOnly',
  'hideYourRef',
  'displayNewQuoteButton',
  'isAlwaysAdvised',
  'isIndemCommissionAllowed',
  'overrideQuoteDate',
  'hideLifeEssentials',
  'hideLifeProtection',
] as const;

function FlagsForm({ adviserId, settings }: { adviserId: string; settings: UxSettings }) {
  const [flags, setFlags] = useState(settings);
  const save = useSetFlags(adviserId);
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    save.mutate(flags);
  };
  return (
    <section aria-labelledby="care-flags" className="panel care-panel">
      <h2 id="care-flags" className="card-heading">
        {t.adviser.flagsHeading}
      </h2>
      <p>{t.adviser.flagsHint}</p>
      <form onSubmit={onSubmit}>
        <fieldset style={{ border: 0, padding: 0, margin: 0 }}>
          <legend className="visually-hidden">{t.adviser.flagsHeading}</legend>
          {booleanFlags.map((flag) => (
            <div key={flag}>
              <Checkbox checked={flags[flag]} onChange={(e) => setFlags({ ...flags, [flag]: e.target.checked })}>
                {t.flags[flag]}
              </Checkbox>
            </div>
          ))}
        </fieldset>
        <div style={{ ...formRow, marginTop: 12 }}>
          <label htmlFor="care-fixed-indemnity">{t.adviser.fixedIndemnity}</label>
          <InputNumber
            id="care-fixed-indemnity"
            min={0}
            max={100}
            value={flags.fixedIndemnityPercentage}
            onChange={(value) => setFlags({ ...flags, fixedIndemnityPercentage: value ?? null })}
          />
        </div>
        <ProblemList title={t.notSaved} problems={problems(save.error)} style={{ marginBottom: 12 }} />
        <Button type="primary" htmlType="submit" loading={save.isPending}>
          {t.adviser.saveFlags}
        </Button>
        <span role="status" style={{ marginLeft: 12 }}>
          {save.isSuccess ? t.saved : ''}
        </span>
      </form>
    </section>
  );
}

function LocationForm({ details }: { details: CareAdviserDetails }) {
  const firms = useCareFirms();
  const [location, setLocation] = useState(details.adviser.firmLocationId ?? '');
  const save = useSetLocation(details.adviser.id);
  const firm = firms.data?.firms.find((f) => f.id === details.adviser.firmId);
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    save.mutate(location || null);
  };
  return (
    <section aria-labelledby="care-location" className="panel care-panel">
      <h2 id="care-location" className="card-heading">
        {t.adviser.locationHeading}
      </h2>
      <form onSubmit={onSubmit} style={formRow}>
        <label htmlFor="care-location-select">{t.adviser.locationLabel}</label>
        <Select
          id="care-location-select"
          value={location}
          onChange={setLocation}
          style={{ minWidth: 200 }}
          options={[{ value: '', label: t.adviser.noLocation }, ...(firm?.locations ?? []).map((l) => ({ value: l.id, label: l.name }))]}
        />
        <Button htmlType="submit" loading={save.isPending}>
          {t.adviser.saveLocation}
        </Button>
        <span role="status">{save.isSuccess ? t.saved : ''}</span>
      </form>
      <ProblemList title={t.notSaved} problems={problems(save.error)} />
    </section>
  );
}

function Delegations({ details }: { details: CareAdviserDetails }) {
  const end = useEndDelegation();
  const status = (d: CareAdviserDetails['delegations'][number]) =>
    d.endedOn ? t.adviser.ended(formatDate(d.endedOn)) : d.activeToday ? t.adviser.active : t.adviser.notInForce;
  return (
    <section aria-labelledby="care-delegations" className="panel care-panel">
      <h2 id="care-delegations" className="card-heading">
        {t.adviser.delegationsHeading}
      </h2>
      <p>{t.adviser.delegationsHint}</p>
      <TableScroll labelledBy="care-delegations">
        <Table
          rowKey="id"
          size="small"
          pagination={false}
          dataSource={details.delegations}
          locale={{ emptyText: <EmptyText>{t.adviser.noDelegations}</EmptyText> }}
          columns={[
            { title: t.adviser.delegate, dataIndex: 'delegateName' },
            { title: t.adviser.principal, dataIndex: 'principalName' },
            { title: t.adviser.from, dataIndex: 'from', render: (v: string) => formatDate(v) },
            { title: t.adviser.until, dataIndex: 'until', render: (v: string | null) => (v ? formatDate(v) : t.adviser.noEnd) },
            { title: t.adviser.status, key: 'status', render: (_, d) => status(d) },
            {
              title: t.adviser.endLabel,
              key: 'end',
              render: (_, d) =>
                d.canEnd && !d.endedOn ? (
                  <Button size="small" onClick={() => end.mutate(d.id)} loading={end.isPending} aria-label={t.adviser.end(d.delegateName, d.principalName)}>
                    {t.adviser.endLabel}
                  </Button>
                ) : null,
            },
          ]}
        />
      </TableScroll>
      <ProblemList title={t.notSaved} problems={problems(end.error)} />
      <AddDelegation details={details} />
    </section>
  );
}

function AddDelegation({ details }: { details: CareAdviserDetails }) {
  const colleagues = useCareAdvisers('', details.adviser.firmId ?? '');
  const add = useAddDelegation();
  const [delegate, setDelegate] = useState<string>();
  const [from, setFrom] = useState('');
  const [until, setUntil] = useState('');
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    add.mutate(
      { delegateId: delegate ?? '', principalId: details.adviser.id, from, until: until || null },
      {
        onSuccess: () => {
          setDelegate(undefined);
          setFrom('');
          setUntil('');
        },
      },
    );
  };
  const options = (colleagues.data?.advisers ?? []).filter((a) => a.id !== details.adviser.id).map((a) => ({ value: a.id, label: a.name }));
  return (
    <form onSubmit={onSubmit} aria-labelledby="care-add-delegation" style={{ marginTop: 16 }}>
      <h3 id="care-add-delegation">{t.adviser.addHeading}</h3>
      <div style={formRow}>
        <label htmlFor="care-delegate">{t.adviser.delegateLabel}</label>
        <Select id="care-delegate" value={delegate} onChange={setDelegate} placeholder={t.adviser.chooseDelegate} style={{ minWidth: 200 }} options={options} />
      </div>
      <div style={formRow}>
        <label htmlFor="care-delegation-from">{t.adviser.fromLabel}</label>
        <UkDateInput id="care-delegation-from" value={from} onChange={setFrom} />
        <label htmlFor="care-delegation-until">{t.adviser.untilLabel}</label>
        <UkDateInput id="care-delegation-until" value={until} onChange={setUntil} />
      </div>
      <ProblemList title={t.notSaved} problems={problems(add.error)} style={{ marginBottom: 12 }} />
      <Button type="primary" htmlType="submit" loading={add.isPending}>
        {t.adviser.add}
      </Button>
    </form>
  );
}

/** One recorded value as text: a missing one as None, anything else as JSON writes it. */
function show(value: unknown): string {
  if (value === null || value === undefined) return t.none;
  return typeof value === 'string' ? value : JSON.stringify(value);
}

function describe(value: unknown): string {
  if (value === null || value === undefined) return '';
  if (typeof value !== 'object') return show(value);
  const entries = Object.entries(value as Record<string, unknown>).filter(([key]) => key !== 'id');
  return entries.map(([key, v]) => `${key}: ${show(v)}`).join(', ');
}

/** What changed, flag by flag for a change of flags, else the value before and after. */
function changeText(change: CareChange): { before: string; after: string } {
  if (change.kind === 'flags' && change.before && change.after) {
    const before = change.before as Record<string, unknown>;
    const after = change.after as Record<string, unknown>;
    const changed = Object.keys(after).filter((key) => before[key] !== after[key]);
    const name = (key: string) => (key in t.flags ? t.flags[key as keyof typeof t.flags] : key);
    return {
      before: changed.map((key) => `${name(key)}: ${show(before[key])}`).join(', '),
      after: changed.map((key) => `${name(key)}: ${show(after[key])}`).join(', '),
    };
  }
  if (change.kind === 'delegationAdded' || change.kind === 'delegationEnded') {
    return { before: delegationText(change.before), after: delegationText(change.after) };
  }
  if (change.kind === 'location') {
    const name = (value: unknown) => ((value as { name?: string | null } | null)?.name ?? t.adviser.noLocation);
    return { before: change.before ? name(change.before) : '', after: change.after ? name(change.after) : '' };
  }
  return { before: describe(change.before), after: describe(change.after) };
}

/** A delegation as the history reads it: "Ben Carter for Tom Fletcher, 27/11/2026 to 31/12/2026". */
function delegationText(value: unknown): string {
  if (!value || typeof value !== 'object') return '';
  const d = value as { delegateName?: string; principalName?: string; from?: string; until?: string | null; endedOn?: string | null };
  const days = `${d.from ? formatDate(d.from) : ''} – ${d.until ? formatDate(d.until) : t.adviser.noEnd}`;
  const ended = d.endedOn ? `, ${t.adviser.ended(formatDate(d.endedOn))}` : '';
  return `${d.delegateName ?? ''} → ${d.principalName ?? ''}, ${days}${ended}`;
}

function History({ adviserId }: { adviserId: string }) {
  const history = useAdviserHistory(adviserId);
  return (
    <section aria-labelledby="care-history" className="panel care-panel">
      <h2 id="care-history" className="card-heading">
        {t.adviser.historyHeading}
      </h2>
      <TableScroll labelledBy="care-history">
        <Table
          rowKey="id"
          size="small"
          pagination={false}
          loading={history.isFetching}
          dataSource={history.data?.changes ?? []}
          locale={{ emptyText: <EmptyText>{t.adviser.noHistory}</EmptyText> }}
          columns={[
            { title: t.adviser.when, dataIndex: 'changedAt', render: (v: string) => formatDateTime(v) },
            { title: t.adviser.who, dataIndex: 'actorName' },
            { title: t.adviser.what, dataIndex: 'kind', render: (kind: CareChange['kind']) => t.adviser.kinds[kind] },
            { title: t.adviser.before, key: 'before', render: (_, change) => changeText(change).before },
            { title: t.adviser.after, key: 'after', render: (_, change) => changeText(change).after },
          ]}
        />
      </TableScroll>
    </section>
  );
}
