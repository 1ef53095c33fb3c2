import { Alert, Typography } from 'antd';
import { UpdatesTable } from '@/components/updates-table';
import { useUnderwritingUpdates } from '../api/underwriting-updates';
import { applicationStrings } from '../strings';

const t = applicationStrings.underwritingUpdates;

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
      {list.length > 0 && <UpdatesTable updates={list} />}
    </section>
  );
}
