import { Alert, Typography } from 'antd';
import { useUnderwritingUpdates } from '../api/underwriting-updates';

const t = {
  heading: 'Underwriting updates',
  none: 'No updates from underwriting yet.',
  failed: 'The underwriting updates could not be loaded.',
  columns: { date: 'Date', time: 'Time', update: 'Update' },
} as const;

/**
 * §2 "Underwriting updates (date, time, update)": what underwriting has said about the case,
 * oldest first: the underwriter's own words, and each evidence request, chase, receipt and
 * decision. Shown on the underwriting page while the case is with an underwriter, and at the
 * decision.
 */
export function UnderwritingUpdates({ applicationId, version }: { applicationId: number; version: number | undefined }) {
  const updates = useUnderwritingUpdates(applicationId, version);
  const list = updates.data?.updates ?? [];
  return (
    <section aria-labelledby="underwriting-updates-heading" style={{ marginTop: 24 }}>
      <Typography.Title level={2} id="underwriting-updates-heading" style={{ fontSize: 20 }}>
        {t.heading}
      </Typography.Title>
      {updates.isError && <Alert type="error" showIcon message={t.failed} />}
      {updates.isSuccess && list.length === 0 && <Typography.Text type="secondary">{t.none}</Typography.Text>}
      {list.length > 0 && (
        <div className="data-table">
          <table>
            <thead>
              <tr>
                <th scope="col" style={{ width: 110 }}>{t.columns.date}</th>
                <th scope="col" style={{ width: 70 }}>{t.columns.time}</th>
                <th scope="col">{t.columns.update}</th>
              </tr>
            </thead>
            <tbody>
              {list.map((update) => (
                <tr key={`${update.postedAt} ${update.update}`}>
                  <td>{update.date}</td>
                  <td>{update.time}</td>
                  <td>
                    <div style={{ whiteSpace: 'pre-wrap' }}>{update.update}</div>
                    {update.author && <span className="data-table__secondary data-table__block">{update.author}</span>}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}
