/**
 * Where an application opens. The §2 stage-to-route table names the page of each stage; pages
 * come stage by stage in releases, so when a stage's page is not in this release the case opens
 * on the furthest page of the journey before it that is (docs/decisions.md N15).
 */
import { paths } from '@/app/paths';
import type { ApplicationStage } from './application-stage';
import { stageRoutes, steps, type StepId } from './rules/journey';

/** The journey steps that have a page in this release, and the path of each. */
export const stepPages: Partial<Record<StepId, (applicationId: number) => string>> = {
  clientDetails: paths.clientDetails,
  quote: paths.quote,
  contactDetails: paths.contactDetails,
  application: paths.underwriting,
  amra: paths.amra,
  decision: paths.decision,
  setup: paths.setUp,
  review: paths.review,
  complete: paths.complete,
};

/**
 * The page an application at `stage` opens on. A case in force opens on Complete even while its
 * start date is still to come (the stage moves to Went on Risk on that day).
 */
export function applicationPagePath(applicationId: number, stage: ApplicationStage, active = false): string {
  if (active) return paths.complete(applicationId);
  const order = steps.map((step) => step.id);
  for (let index = order.indexOf(stageRoutes[stage]); index >= 0; index -= 1) {
    const page = stepPages[order[index] as StepId];
    if (page) return page(applicationId);
  }
  return paths.clientDetails(applicationId);
}
