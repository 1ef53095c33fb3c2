/**
 * Every route of the SPA, in one table. Patterns are relative to the router's basename
 * (the portal's root folder, `/v2`, which is also Vite's `base`).
 */

/** `/v2` in a build; the router and the identity provider's redirect addresses use it. */
export const basename = import.meta.env.BASE_URL.replace(/\/+$/, '');

export const dashboardTabs = ['in-progress', 'policyholders'] as const;
export type DashboardTab = (typeof dashboardTabs)[number];

export function isDashboardTab(value: string | undefined): value is DashboardTab {
  return dashboardTabs.some((tab) => tab === value);
}

export const routePatterns = {
  root: '/',
  dashboard: '/dashboard/:tab?',
  clientDetails: '/application/:applicationId/client-details',
  quote: '/application/:applicationId/quote',
  contactDetails: '/application/:applicationId/contact-details',
  underwriting: '/application/:applicationId/application',
  amra: '/application/:applicationId/amra',
  decision: '/application/:applicationId/decision',
  setUp: '/application/:applicationId/set-up',
  review: '/application/:applicationId/review',
  complete: '/application/:applicationId/complete',
  policyHolder: '/policy-holder/:policyHolderId',
  qi: '/underwriting-qi',
  qiStep: '/underwriting-qi/:qiId/:step?',
  workbench: '/workbench',
  workbenchCase: '/workbench/:applicationId',
  /** Customer care's page (`cca`, `ccaadmin`): what they can do here. */
  customerCare: '/customer-care',
  /** Customer care: one case of any firm, read only (issue 35). */
  careCase: '/customer-care/cases/:applicationId',
  /** Customer care administrators: advisers, one adviser, firm locations. */
  careAdvisers: '/customer-care/advisers',
  careAdviser: '/customer-care/advisers/:adviserId',
  careFirms: '/customer-care/firms',
  /** Customer care administrators: every recorded read of health answers, bank details, documents and Temporal payloads (issue 36), of one case with `?applicationId=`. */
  careDataReads: '/customer-care/data-reads',
  /** Customer care administrators: the retention sweep's deletion lines (issue 36). */
  careDeletions: '/customer-care/deletions',
  /** Customer care's web chat desk: today's conversations, answering them, earlier transcripts. */
  customerCareChats: '/customer-care/chats',
  /** §2 portal landing (the client portal, issue 35): Login and Register, no sign-in needed. */
  portal: '/portal',
  /** The signed-in client's home: their cases, policies, adviser and things to do. */
  clientHome: '/portal/home',
  /** The client confirms a case is theirs (date of birth and policy number or application reference). */
  clientConfirm: '/portal/confirm-details',
  /** One of the client's policies and its documents. */
  clientPolicy: '/portal/policies/:policyReference',
  /** The health questions an adviser sent the client to answer privately (issue 35). */
  clientHealthQuestions: '/portal/health-questions/:applicantId',
  authCallback: '/auth/callback',
  /** §2 portal-redirect: sends each role to its home (EP5); where sign-in lands without a route. */
  portalRedirect: '/portal-redirect',
  /** §2 /launch: an entry from outside (an adviser platform's deep link), `?returnTo=` and `?adviserId=`. */
  launch: '/launch',
  /** §2 login landing page: where a signed-out adviser lands. */
  login: '/login',
  /** §2 error: the portal error, "Invalid login details" (§8). */
  portalError: '/error',
  /** §2 service-error: the API cannot be reached. */
  serviceError: '/service-error',
  logout: '/logout',
  notFound: '*',
} as const;

export type RouteName = keyof typeof routePatterns;

/**
 * §2 "All routes except portal landing, portal error, logout and the catch-all need sign-in";
 * also the sign-in callback and the login landing page, where sign-in starts and completes, and
 * the service-error page, which must show when sign-in itself cannot be reached (J30, EP4).
 * The router puts exactly these under its public tree (checked by `routes.test.tsx`).
 */
export const publicRoutes: readonly RouteName[] = ['authCallback', 'login', 'portal', 'portalError', 'serviceError', 'logout', 'notFound'];

/** Whether the route needs sign-in (§2). */
export function needsSignIn(route: RouteName): boolean {
  return !publicRoutes.includes(route);
}

export const paths = {
  dashboard: (tab: DashboardTab = 'in-progress'): string =>
    tab === 'in-progress' ? '/dashboard' : `/dashboard/${tab}`,
  clientDetails: (applicationId: number | string): string =>
    `/application/${String(applicationId)}/client-details`,
  quote: (applicationId: number | string): string => `/application/${String(applicationId)}/quote`,
  contactDetails: (applicationId: number | string): string => `/application/${String(applicationId)}/contact-details`,
  underwriting: (applicationId: number | string): string => `/application/${String(applicationId)}/application`,
  amra: (applicationId: number | string): string => `/application/${String(applicationId)}/amra`,
  decision: (applicationId: number | string): string => `/application/${String(applicationId)}/decision`,
  setUp: (applicationId: number | string): string => `/application/${String(applicationId)}/set-up`,
  review: (applicationId: number | string): string => `/application/${String(applicationId)}/review`,
  complete: (applicationId: number | string): string => `/application/${String(applicationId)}/complete`,
  policyHolder: (policyHolderId: string): string => `/policy-holder/${encodeURIComponent(policyHolderId)}`,
  /** Underwriting Qi (issue 33): the adviser's enquiries, and one enquiry's step. */
  qi: (): string => routePatterns.qi,
  qiStep: (qiId: string, step: 'client-details' | 'conditions' | 'decision' = 'client-details'): string =>
    `/underwriting-qi/${encodeURIComponent(qiId)}/${step}`,
  /** A new enquiry's Client details: it is created on its first save. */
  newQi: (): string => '/underwriting-qi/new/client-details',
  /** The underwriters' workbench (issue 30), optionally filtered. */
  workbench: (filter?: string): string => (filter ? `/workbench?filter=${encodeURIComponent(filter)}` : '/workbench'),
  workbenchCase: (applicationId: number | string): string => `/workbench/${String(applicationId)}`,
  customerCare: (): string => routePatterns.customerCare,
  careCase: (applicationId: number | string): string => `/customer-care/cases/${String(applicationId)}`,
  careAdvisers: (): string => routePatterns.careAdvisers,
  careAdviser: (adviserId: string): string => `/customer-care/advisers/${encodeURIComponent(adviserId)}`,
  careFirms: (): string => routePatterns.careFirms,
  careDataReads: (applicationId?: number | string): string =>
    applicationId === undefined ? routePatterns.careDataReads : `/customer-care/data-reads?applicationId=${String(applicationId)}`,
  careDeletions: (): string => routePatterns.careDeletions,
  customerCareChats: (): string => routePatterns.customerCareChats,
  portal: (): string => routePatterns.portal,
  clientHome: (): string => routePatterns.clientHome,
  clientConfirm: (): string => routePatterns.clientConfirm,
  clientPolicy: (policyReference: string): string => `/portal/policies/${encodeURIComponent(policyReference)}`,
  clientHealthQuestions: (applicantId: string): string => `/portal/health-questions/${encodeURIComponent(applicantId)}`,
  authCallback: (): string => routePatterns.authCallback,
  portalRedirect: (): string => routePatterns.portalRedirect,
  launch: (returnTo?: string): string => withReturnTo(routePatterns.launch, returnTo),
  login: (): string => routePatterns.login,
  portalError: (returnTo?: string): string => withReturnTo(routePatterns.portalError, returnTo),
  serviceError: (returnTo?: string): string => withReturnTo(routePatterns.serviceError, returnTo),
  logout: (): string => routePatterns.logout,
} as const;

/** The query parameter that carries the route to go back to. */
export const RETURN_TO_PARAM = 'returnTo';

function withReturnTo(path: string, returnTo: string | undefined): string {
  return returnTo ? `${path}?${new URLSearchParams({ [RETURN_TO_PARAM]: returnTo }).toString()}` : path;
}

/** An absolute URL for a route, e.g. the OpenID Connect redirect address. */
export function absoluteUrl(path: string, origin: string = window.location.origin): string {
  return `${origin}${basename}${path}`;
}

/** The current route (path and query) relative to the basename, to come back to after sign-in. */
export function currentRoute(location: Pick<Location, 'pathname' | 'search'> = window.location): string {
  const path = location.pathname.startsWith(basename)
    ? location.pathname.slice(basename.length) || '/'
    : location.pathname;
  return `${path}${location.search}`;
}
