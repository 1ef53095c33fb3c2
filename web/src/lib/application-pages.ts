/**
 * Where an application opens: the §2 stage-to-route table names the page of each stage. Every
 * stage's page is built now, so the fallback to an earlier page (docs/decisions.md N15) is gone.
 */
import { paths } from '@/app/paths';
import type { ApplicationStage } from './application-stage';
import { stageRoutes, stepPath, steps, type StepId } from './rules/journey';

/** Each journey step's page (every step has one now), from the one route table. */
export const stepPages: Record<StepId, (applicationId: number) => string> = Object.fromEntries(
  steps.map((step) => [step.id, (applicationId: number) => stepPath(applicationId, step.id)]),
) as Record<StepId, (applicationId: number) => string>;

/**
 * The page an application at `stage` opens on. A case in force opens on Complete even while its
 * start date is still to come (the stage moves to Went on Risk on that day).
 */
export function applicationPagePath(applicationId: number, stage: ApplicationStage, active = false): string {
  if (active) return paths.complete(applicationId);
  return stepPath(applicationId, stageRoutes[stage]);
}
