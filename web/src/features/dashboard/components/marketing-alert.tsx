import { Alert, Button } from 'antd';
import { ExternalLink } from '@/components/external-link';
import { useDismissMarketingUpdate, useMarketingUpdate } from '../api/marketing-updates';
import { dashboardStrings } from '../strings';

const t = dashboardStrings.marketing;

/**
 * The insurer's current notice to advisers (§3 marketing alert, §7 marketingupdates), above the
 * dashboard. Dismissing it is remembered for the adviser by the server, on every device.
 */
export function MarketingAlert() {
  const { data } = useMarketingUpdate();
  const dismiss = useDismissMarketingUpdate();
  const alert = data?.alert;
  if (!alert) return null;
  return (
    <section aria-label={t.region} className="marketing-alert">
      <Alert
        type="info"
        showIcon
        message={<strong>{alert.title}</strong>}
        description={
          <>
            {alert.message}
            {alert.link && (
              <>
                {' '}
                <ExternalLink href={alert.link.url}>{alert.link.text}</ExternalLink>
              </>
            )}
          </>
        }
        // A notice, not an emergency: announced politely, if at all.
        role="status"
        action={
          <Button size="small" aria-label={t.dismiss(alert.title)} onClick={() => dismiss.mutate(alert.id)}>
            {t.dismissButton}
          </Button>
        }
      />
    </section>
  );
}
