import { Navigate, useSearchParams } from 'react-router';
import { rememberActingFor } from '@/features/dashboard/acting-for';
import { HOME_ROUTE, safeReturnTo } from '@/lib/auth/return-to';
import { RETURN_TO_PARAM } from './paths';

/** An adviser id as the portal issues them: letters, digits and `._@-`, at most 100. */
const ADVISER_ID = /^[A-Za-z0-9._@-]{1,100}$/;

/**
 * §2 /launch: the entry from outside the portal, e.g. an adviser platform's deep link
 * `/launch?returnTo=/application/123/quote&adviserId=adviser1`. The route needs sign-in, so the
 * guard signs the user in first and comes back here with the query; then `adviserId` (§1, §6)
 * chooses whom the dashboard acts for, and the user goes to `returnTo` if it is a path of this
 * portal, else home: never to another site (EP5, open-redirect protection).
 */
export function LaunchRoute() {
  const [params] = useSearchParams();
  const adviserId = params.get('adviserId');
  if (adviserId && ADVISER_ID.test(adviserId)) rememberActingFor(adviserId);
  const target = safeReturnTo(params.get(RETURN_TO_PARAM)) ?? HOME_ROUTE;
  return <Navigate to={target} replace />;
}
