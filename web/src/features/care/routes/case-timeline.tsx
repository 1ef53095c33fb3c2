import { Button } from 'antd';
import { useState } from 'react';
import { useCareTimeline } from '../api/care';
import { ChangeTimeline } from '@/components/change-timeline/change-timeline';
import { timelineStrings as t } from '@/components/change-timeline/strings';

const HEADING_ID = 'care-case-changes';


/**
 * Customer care's view of a case's change timeline: read from the case's history only when the
 * agent asks for it.
 */
export function CareCaseTimeline({ applicationId }: { applicationId: number }) {
  const [shown, setShown] = useState(false);
  const timeline = useCareTimeline(applicationId, shown);
  if (!shown) {
    return (
      <section aria-labelledby={HEADING_ID} className="panel care-panel">
        <h2 id={HEADING_ID} className="card-heading">
          {t.heading}
        </h2>
        <Button onClick={() => setShown(true)}>{t.show}</Button>
      </section>
    );
  }
  return (
    <div className="panel care-panel">
      <ChangeTimeline
        headingId={HEADING_ID}
        timeline={timeline.data}
        isPending={timeline.isPending}
        isError={timeline.isError}
        onRetry={() => void timeline.refetch()}
      />
    </div>
  );
}
