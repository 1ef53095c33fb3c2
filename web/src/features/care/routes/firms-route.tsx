import { Alert, Button, Input } from 'antd';
import { useState, type FormEvent } from 'react';
import { PageHeading } from '@/components/page-heading';
import { PageStatus } from '@/components/page-status';
import { ProblemList } from '@/components/problem-list';
import { isApiError } from '@/lib/api-error';
import { useAddLocation, useCareFirms, useRenameLocation, type CareFirm } from '../api/care';
import { formRow } from '../components/layout';
import { careStrings as t } from '../strings';

function problems(error: unknown): string[] {
  if (!error) return [];
  return isApiError(error) ? (error.fieldErrors.length ? error.fieldErrors.map((e) => e.message) : [error.message]) : [t.loadFailed];
}

/** /v2/customer-care/firms: a customer care administrator adds and renames each firm's locations. */
export function FirmsRoute() {
  const firms = useCareFirms();
  if (firms.isPending) return <PageStatus message={t.loading} />;
  if (firms.isError) return <Alert type="error" showIcon message={t.loadFailed} />;
  return (
    <>
      <header className="page-header">
        <PageHeading>{t.firms.heading}</PageHeading>
      </header>
      {firms.data.firms.map((firm) => (
        <Firm key={firm.id} firm={firm} />
      ))}
    </>
  );
}

function Firm({ firm }: { firm: CareFirm }) {
  const add = useAddLocation(firm.id);
  const [name, setName] = useState('');
  const onAdd = (event: FormEvent) => {
    event.preventDefault();
    add.mutate(name, { onSuccess: () => setName('') });
  };
  const addId = `care-add-location-${firm.id}`;
  return (
    <section aria-labelledby={`care-firm-${firm.id}`} className="panel care-panel">
      <h2 id={`care-firm-${firm.id}`} className="card-heading">
        {firm.name}
      </h2>
      {firm.locations.length === 0 && <p>{t.firms.noLocations}</p>}
      {firm.locations.map((location) => (
        <Location key={`${location.id}-${location.name}`} id={location.id} name={location.name} />
      ))}
      <form onSubmit={onAdd} style={formRow}>
        <label htmlFor={addId}>{t.firms.addLabel(firm.name)}</label>
        <Input id={addId} value={name} maxLength={100} onChange={(e) => setName(e.target.value)} style={{ maxWidth: 240 }} />
        <Button htmlType="submit" loading={add.isPending}>
          {t.firms.add}
        </Button>
      </form>
      <ProblemList title={t.notSaved} problems={problems(add.error)} />
    </section>
  );
}

function Location({ id, name }: { id: string; name: string }) {
  const rename = useRenameLocation();
  const [value, setValue] = useState(name);
  const inputId = `care-location-${id}`;
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    rename.mutate({ locationId: id, name: value });
  };
  return (
    <form onSubmit={onSubmit} style={formRow}>
      <label htmlFor={inputId}>{t.firms.rename(name)}</label>
      <Input id={inputId} value={value} maxLength={100} onChange={(e) => setValue(e.target.value)} style={{ maxWidth: 240 }} />
      <Button htmlType="submit" loading={rename.isPending}>
        {t.firms.renameButton}
      </Button>
      <ProblemList title={t.notSaved} problems={problems(rename.error)} />
    </form>
  );
}
