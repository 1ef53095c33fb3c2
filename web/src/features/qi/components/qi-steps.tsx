import { Steps, Tooltip } from 'antd';
import { Link } from 'react-router';
import { paths } from '@/app/paths';
import type { QiView } from '../api/qi';
import { isStepEnabled, qiSteps, type QiStep } from '../qi-model';
import { qiStrings as t } from '../strings';

interface QiStepsProps {
  /** Until the enquiry is created (or loads), only Client details is open. */
  view: QiView | undefined;
  current: QiStep;
}

/**
 * Qi's three steps, shown as the application's journey is: an open step is a link to its page,
 * one not yet open says why, the current one is marked as such.
 */
export function QiSteps({ view, current }: QiStepsProps) {
  return (
    <nav aria-label={t.stepsLabel} className="journey-steps">
      <Steps
        size="small"
        labelPlacement="vertical"
        current={qiSteps.indexOf(current)}
        items={qiSteps.map((step) => {
          const enabled = isStepEnabled(view, step);
          let title = (
            <Tooltip title={t.stepNotYet}>
              <span>{t.steps[step]}</span>
            </Tooltip>
          );
          if (step === current) title = <span aria-current="step">{t.steps[step]}</span>;
          else if (enabled && view) title = <Link to={paths.qiStep(view.id, step)}>{t.steps[step]}</Link>;
          return { title, disabled: !enabled, status: step === current ? 'process' : 'wait' };
        })}
      />
    </nav>
  );
}
