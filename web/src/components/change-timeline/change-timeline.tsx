import { Alert, Button, List, Typography } from 'antd';
import type { Schemas } from '@/lib/api-client';
import { timelineStrings as t } from './strings';

/** 27/11/2026, 15:07:47 in the UK, whatever the browser's own zone. */
const ukDateTime = new Intl.DateTimeFormat('en-GB', {
  day: '2-digit',
  month: '2-digit',
  year: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
  second: '2-digit',
  timeZone: 'Europe/London',
});

export function formatChangeTime(at: string): string {
  const date = new Date(at);
  return Number.isNaN(date.getTime()) ? at : ukDateTime.format(date);
}

type CaseTimeline = Schemas['CaseTimeline'];
type TimelineEntry = Schemas['TimelineEntry'];

interface ChangeTimelineProps {
  /** The id of the heading that names the list (one per page). */
  headingId: string;
  timeline: CaseTimeline | undefined;
  isPending: boolean;
  isError: boolean;
  onRetry: () => void;
}

/**
 * A case's changes, newest first: when (UK time), what, who in what role (or that it was not
 * recorded, for changes made before callers were), the client it is about and which details it
 * changed. Everything is said in words, nothing by colour alone.
 */
export function ChangeTimeline({ headingId, timeline, isPending, isError, onRetry }: ChangeTimelineProps) {
  return (
    <section aria-labelledby={headingId}>
      <Typography.Title level={2} id={headingId} style={{ fontSize: 20 }}>
        {t.heading}
      </Typography.Title>
      <Typography.Paragraph type="secondary">{t.intro}</Typography.Paragraph>
      {isPending && <p role="status">{t.loading}</p>}
      {isError && (
        <Alert
          type="error"
          showIcon
          message={t.failed}
          action={
            <Button size="small" onClick={onRetry}>
              {t.retry}
            </Button>
          }
        />
      )}
      {timeline && (
        <>
          {timeline.total > timeline.entries.length && <p>{t.more(timeline.entries.length, timeline.total)}</p>}
          <List
            dataSource={timeline.entries}
            locale={{ emptyText: t.none }}
            renderItem={(entry, index) => <Change key={`${entry.at}-${index}`} entry={entry} />}
          />
        </>
      )}
    </section>
  );
}

function Change({ entry }: { entry: TimelineEntry }) {
  const by = entry.by ? t.byPerson(entry.by.name, entry.by.role) : t.notRecorded;
  return (
    <List.Item>
      <div>
        <Typography.Text strong>{entry.what}</Typography.Text>{' '}
        <Typography.Text type="secondary">
          <time dateTime={entry.at}>{formatChangeTime(entry.at)}</time>
        </Typography.Text>
        <dl className="change-timeline__details" style={{ margin: '4px 0 0' }}>
          <Detail term={t.who} value={by} />
          {entry.client && <Detail term={t.client} value={entry.client} />}
          {entry.fields.length > 0 && <Detail term={t.changed} value={entry.fields.join('; ')} />}
        </dl>
      </div>
    </List.Item>
  );
}

function Detail({ term, value }: { term: string; value: string }) {
  return (
    <div style={{ display: 'flex', gap: 6 }}>
      <dt style={{ fontWeight: 600 }}>{term}:</dt>
      <dd style={{ margin: 0 }}>{value}</dd>
    </div>
  );
}
