import { LockOutlined } from '@ant-design/icons';
import { Steps, Tooltip } from 'antd';
import { Link } from 'react-router';
import type { Schemas } from '@/lib/api-client';
import { stepPages } from '@/lib/application-pages';
import { pageStatusesFromSections, stepStates, type JourneyState, type StepId, type StepState } from '@/lib/rules/journey';
import { applicationStrings as t } from '../strings';

const journey = ['clientDetails', 'quote', 'contactDetails', 'application', 'amra', 'decision', 'setup', 'review', 'complete'] as const;
type JourneyStep = (typeof journey)[number];

/**
 * Once put in force (`active`) the policies are issued, even while a later start date keeps the
 * case at Decision until that day: Review and Complete open then, not only on risk (J29).
 */
function openOnceActive(application: Schemas['Application'] | undefined, step: JourneyStep): boolean {
  return application?.active === true && (step === 'review' || step === 'complete');
}

function isJourneyStep(step: StepId): step is JourneyStep {
  return journey.some((candidate) => candidate === step);
}

/** What the journey rules read from the application the server sent. */
export function journeyState(application: Schemas['Application']): JourneyState {
  return {
    status: application.status,
    isQuoteEditable: application.isQuoteEditable,
    pages: pageStatusesFromSections(application.sections),
  };
}

interface JourneyStepsProps {
  /** Until it loads, every step but the current one is shown disabled. */
  application: Schemas['Application'] | undefined;
  current: JourneyStep;
}

/**
 * The journey (spec §2). Which steps are open and complete comes from the server (status, quote
 * editability and the page statuses in `sections`), read by the shared journey rules; an open step
 * with a page is a link to it.
 */
export function JourneySteps({ application, current }: JourneyStepsProps) {
  const states = application ? stepStates(journeyState(application)) : [];
  const byStep = new Map<JourneyStep, StepState>();
  for (const state of states) if (isJourneyStep(state.step)) byStep.set(state.step, state);

  return (
    <nav aria-label={t.journeyLabel} className="journey-steps">
      <Steps
        size="small"
        labelPlacement="vertical"
        current={journey.indexOf(current)}
        items={journey.map((step) => {
          const state = byStep.get(step);
          const isCurrent = step === current;
          const enabled = isCurrent || state?.enabled === true || openOnceActive(application, step);
          const complete = state?.complete === true;
          const to = application ? stepPages[step](application.id) : undefined;
          const label = (
            <>
              {t.steps[step]}
              {complete && <span className="visually-hidden"> ({t.stepComplete})</span>}
              {state?.locked && (
                <>
                  {' '}
                  <LockOutlined aria-hidden="true" />
                  <span className="visually-hidden"> ({t.stepLocked})</span>
                </>
              )}
            </>
          );
          let title = <span>{label}</span>;
          if (isCurrent) {
            title = <span aria-current="step">{label}</span>;
          } else if (enabled && to) {
            title = <Link to={to}>{label}</Link>;
          } else if (enabled) {
            title = (
              <Tooltip title={t.stepNotYetAvailable}>
                <span>{label}</span>
              </Tooltip>
            );
          }
          return {
            title,
            disabled: !enabled,
            status: isCurrent ? 'process' : complete ? 'finish' : 'wait',
          };
        })}
      />
    </nav>
  );
}
