/** Which covers underwriting left out of a case, read the same on every page that lists covers. */
import type { Schemas } from './api-client';

/** A cover declined or postponed: nothing is offered, so it is in no policy and costs nothing. */
export function isLeftOut(decision: Schemas['Decision'] | null | undefined): boolean {
  return decision === 'declined' || decision === 'postponed';
}

/** A cover's decision as the decision quote priced it, or as the cover carries it before that. */
export function coverDecision(application: Schemas['Application'], cover: Schemas['Cover']): Schemas['Decision'] | null {
  const priced = application.decisionQuote?.quoteApplicants.flatMap((a) => a.quoteCovers).find((c) => c.coverId === cover.id);
  return priced?.decision ?? cover.decision;
}
