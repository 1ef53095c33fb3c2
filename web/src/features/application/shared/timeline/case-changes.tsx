import { Button } from 'antd';
import { useState } from 'react';
import { ChangeTimeline } from '@/components/change-timeline/change-timeline';
import { Drawer } from '@/components/drawer';
import { timelineStrings as t } from '@/components/change-timeline/strings';
import { useApplicationTimeline } from './timeline-api';

/**
 * The "Changes" button of an adviser's case: opens the case's change timeline in a side panel,
 * read only once it is opened. The list scrolls in an area that takes focus (WCAG 2.1.1): the
 * entries are text, with nothing to tab to, so without it a long list could not be scrolled by
 * keyboard.
 */
export function CaseChanges({ applicationId }: { applicationId: number }) {
  const [open, setOpen] = useState(false);
  const timeline = useApplicationTimeline(applicationId, open);
  return (
    <>
      <Button size="small" onClick={() => setOpen(true)} aria-label={t.openLabel}>
        {t.open}
      </Button>
      <Drawer open={open} onClose={() => setOpen(false)} width={560} title={null} aria-label={t.heading} styles={{ body: { padding: 0 } }}>
        <div className="case-changes__scroll" tabIndex={0} style={{ height: '100%', overflowY: 'auto', padding: 24 }}>
          <ChangeTimeline
            headingId="case-changes-heading"
            timeline={timeline.data}
            isPending={timeline.isPending}
            isError={timeline.isError}
            onRetry={() => void timeline.refetch()}
          />
        </div>
      </Drawer>
    </>
  );
}
