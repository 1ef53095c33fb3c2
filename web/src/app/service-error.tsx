import { useQueryClient } from '@tanstack/react-query';
import { Button } from 'antd';
import { ApiOutlined } from '@ant-design/icons';
import { useEffect, useRef } from 'react';
import { useLocation, useNavigate, useSearchParams } from 'react-router';
import { HelpContacts } from '@/components/help-contacts';
import { HOME_ROUTE, safeReturnTo } from '@/lib/auth/return-to';
import { isServiceUnavailable } from '@/lib/service-unavailable';
import { paths, RETURN_TO_PARAM } from './paths';
import { useAudience, type Audience } from './audience';
import { appStrings } from './strings';

/**
 * §2 service-error: the API cannot be reached. Says so, with the help contacts, and Try again.
 * Used both as the route and, when the bootstrap configuration itself cannot be fetched, in
 * place of the whole app (before the router exists), so it takes its retry as a prop.
 */
export function ServiceErrorContent({ onRetry, retrying = false, audience = 'adviser' }: { onRetry: () => void; retrying?: boolean; audience?: Audience }) {
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    heading.current?.focus({ preventScroll: true });
  }, []);
  return (
    <section className="problem-panel" aria-labelledby="service-error-title">
      <ApiOutlined aria-hidden="true" style={{ fontSize: 56, color: '#ad6800', marginBottom: 16 }} />
      <h1 id="service-error-title" className="problem-panel__title" ref={heading} tabIndex={-1}>
        {appStrings.serviceError.titles[audience]}
      </h1>
      <p className="problem-panel__description">{appStrings.serviceError.description}</p>
      <HelpContacts lead={appStrings.errorPageHelp} or={appStrings.errorPageHelpEmail} audience={audience === 'client' ? 'client' : 'staff'} />
      <Button type="primary" loading={retrying} onClick={onRetry}>
        {appStrings.serviceError.retry}
      </Button>
    </section>
  );
}

/** /service-error?returnTo=…: Try again goes back to where the user was. */
export function ServiceErrorRoute() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const returnTo = safeReturnTo(params.get(RETURN_TO_PARAM)) ?? HOME_ROUTE;
  const audience = useAudience();
  return <ServiceErrorContent audience={audience} onRetry={() => void navigate(returnTo, { replace: true })} />;
}

/**
 * Watches every query: when one fails because the API is down (after its retries), the user is
 * taken to the service-error page, to come back here with Try again (EP4). Commands are not
 * watched: a form that could not be saved keeps what was typed and says so in place.
 */
export function ServiceErrorWatch() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const location = useLocation();
  // Read when a query fails, not when the effect subscribed.
  const here = useRef('');
  useEffect(() => {
    here.current = `${location.pathname}${location.search}`;
  }, [location]);
  // Several queries fail together when the API goes down: the first one takes the user away.
  const leaving = useRef(false);
  useEffect(() => {
    leaving.current = false;
  }, [location.key]);
  useEffect(
    () =>
      queryClient.getQueryCache().subscribe((event) => {
        if (event.type !== 'updated' || event.action.type !== 'error') return;
        if (leaving.current || !isServiceUnavailable(event.action.error)) return;
        leaving.current = true;
        void navigate(paths.serviceError(here.current));
      }),
    [queryClient, navigate],
  );
  return null;
}
