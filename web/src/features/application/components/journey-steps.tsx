import { Steps } from 'antd';
import { applicationStrings as t } from '../strings';

const journey = ['clientDetails', 'quote', 'contactDetails', 'application', 'amra', 'decision', 'setup'] as const;

/**
 * The journey (spec §2). Only Client details exists in this release; the later steps are
 * shown, disabled, so the adviser sees where the journey goes.
 */
export function JourneySteps() {
  return (
    <nav aria-label={t.journeyLabel} className="journey-steps">
      <Steps
        size="small"
        labelPlacement="vertical"
        current={0}
        items={journey.map((step, index) => ({
          title: t.steps[step],
          disabled: index > 0,
          status: index === 0 ? 'process' : 'wait',
        }))}
      />
    </nav>
  );
}
