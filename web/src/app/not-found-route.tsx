import { useAuth } from 'react-oidc-context';
import { PageResult } from '@/components/page-result';
import { shellOf, useAudience } from './audience';
import { appStrings } from './strings';

/** A catch-all address: the way home is the audience's own (a client's home, not the dashboard). */
export function NotFoundRoute() {
  const auth = useAuth() as ReturnType<typeof useAuth> | undefined;
  const { home, homeLabel } = shellOf(useAudience(), Boolean(auth?.user));
  return <PageResult status="404" title={appStrings.notFoundTitle} description={appStrings.notFoundDescription} action={homeLabel} to={home} />;
}
