import type { Schemas } from '@/lib/api-client';
import { TableScroll } from './table-scroll';

const t = {
  name: 'Underwriting updates',
  columns: { date: 'Date', time: 'Time', update: 'Update' },
} as const;

/**
 * Underwriting updates (§2 "date, time, update"), oldest first, each with who wrote it when a
 * person did: as the adviser reads them and as the underwriter wrote them.
 */
export function UpdatesTable({ updates }: { updates: Schemas['UnderwritingUpdate'][] }) {
  return (
    <TableScroll className="data-table" label={t.name}>
      <table>
        <thead>
          <tr>
            <th scope="col" style={{ width: 110 }}>{t.columns.date}</th>
            <th scope="col" style={{ width: 70 }}>{t.columns.time}</th>
            <th scope="col">{t.columns.update}</th>
          </tr>
        </thead>
        <tbody>
          {updates.map((update) => (
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
    </TableScroll>
  );
}
