import type { RouteObject } from 'react-router';
import { PageStatus } from '@/components/page-status';
import { AppLayout } from './layout/app-layout';
import { PublicLayout } from './layout/public-layout';
import { routePatterns } from './paths';
import { LaunchRoute } from './launch-route';
import { RequireAuth } from './require-auth';
import { RootErrorPage, RouteErrorPage } from './route-error-page';
import { ServiceErrorRoute } from './service-error';
import { AdvisersOnly, ClientsOnly, CustomerCareOnly, RoleHome, UnderwritersOnly } from './role-routes';
import { appStrings } from './strings';

/**
 * The route tree. Protected pages sit under RequireAuth; the rest need no sign-in (spec §2).
 * Every page is loaded when first visited (`lazy`), so the first screen downloads only the
 * shell, the sign-in callback and the dashboard. Advisers' pages and the underwriters' workbench
 * each sit under a guard that sends the other kind of user to their own home. Every route has
 * the error page (§2, §8) as its error element: a page's crash shows it inside the shell, a
 * layout's crash on a bare shell of its own.
 */
export const routes: RouteObject[] = [
  {
    id: 'app',
    // A crash in a layout (the route guard, the signed-in shell) shows the error page on a bare shell.
    errorElement: <RootErrorPage />,
    children: [
      {
        id: 'protected',
        element: (
          <RequireAuth>
            <AppLayout />
          </RequireAuth>
        ),
        hydrateFallbackElement: <PageStatus message={appStrings.loadingPage} />,
        children: [
          {
            // A page that throws, or whose code fails to download, shows the error page inside the shell.
            id: 'protected-pages',
            errorElement: <RouteErrorPage />,
            children: [
              { id: 'root', path: routePatterns.root, element: <RoleHome /> },
              // §2 portal-redirect: where sign-in lands when it carries no route; each role to its home (EP5).
              { id: 'portal-redirect', path: routePatterns.portalRedirect, element: <RoleHome /> },
              { id: 'launch', path: routePatterns.launch, element: <LaunchRoute /> },
              {
                id: 'underwriters',
                element: <UnderwritersOnly />,
                children: [
                  {
                    id: 'workbench',
                    path: routePatterns.workbench,
                    lazy: async () => ({ Component: (await import('@/features/underwriter/routes/workbench-route')).WorkbenchRoute }),
                  },
                  {
                    id: 'workbench-case',
                    path: routePatterns.workbenchCase,
                    lazy: async () => ({ Component: (await import('@/features/underwriter/routes/case-route')).CaseRoute }),
                  },
                ],
              },
              {
                id: 'customer-care-only',
                element: <CustomerCareOnly />,
                children: [
                  {
                    id: 'customer-care',
                    path: routePatterns.customerCare,
                    lazy: async () => ({ Component: (await import('@/features/care/routes/care-home-route')).CareHomeRoute }),
                  },
                  {
                    id: 'care-case',
                    path: routePatterns.careCase,
                    lazy: async () => ({ Component: (await import('@/features/care/routes/care-case-route')).CareCaseRoute }),
                  },
                  {
                    id: 'care-advisers',
                    path: routePatterns.careAdvisers,
                    lazy: async () => ({ Component: (await import('@/features/care/routes/advisers-route')).AdvisersRoute }),
                  },
                  {
                    id: 'care-adviser',
                    path: routePatterns.careAdviser,
                    lazy: async () => ({ Component: (await import('@/features/care/routes/adviser-route')).AdviserRoute }),
                  },
                  {
                    id: 'care-firms',
                    path: routePatterns.careFirms,
                    lazy: async () => ({ Component: (await import('@/features/care/routes/firms-route')).FirmsRoute }),
                  },
                  {
                    id: 'care-data-reads',
                    path: routePatterns.careDataReads,
                    lazy: async () => ({ Component: (await import('@/features/care/audit/data-reads-route')).DataReadsRoute }),
                  },
                  {
                    id: 'care-deletions',
                    path: routePatterns.careDeletions,
                    lazy: async () => ({ Component: (await import('@/features/care/deletions-page')).DeletionsPage }),
                  },
                  {
                    id: 'customer-care-chats',
                    path: routePatterns.customerCareChats,
                    lazy: async () => ({ Component: (await import('@/features/chat/routes/chat-desk-route')).ChatDeskRoute }),
                  },
                ],
              },
              { id: 'advisers', element: <AdvisersOnly />, children: adviserRoutes() },
            ],
          },
        ],
      },
      {
        // The client portal (issue 35): its own shell, for clients only; anyone else goes home.
        id: 'client-portal',
        element: (
          <RequireAuth>
            <ClientsOnly />
          </RequireAuth>
        ),
        hydrateFallbackElement: <PageStatus message={appStrings.loadingPage} />,
        children: [
          {
            id: 'client-shell',
            lazy: async () => ({ Component: (await import('./layout/client-layout')).ClientLayout }),
            children: [{ id: 'client-pages', errorElement: <RouteErrorPage />, children: clientRoutes() }],
          },
        ],
      },
      {
        id: 'public',
        element: <PublicLayout />,
        hydrateFallbackElement: <PageStatus message={appStrings.loadingPage} />,
        children: [
          {
            id: 'public-pages',
            errorElement: <RouteErrorPage />,
            children: [
              {
                id: 'auth-callback',
                path: routePatterns.authCallback,
                lazy: async () => ({ Component: (await import('@/features/auth/routes/auth-callback-route')).AuthCallbackRoute }),
              },
              {
                id: 'login',
                path: routePatterns.login,
                lazy: async () => ({ Component: (await import('@/features/auth/routes/login-route')).LoginRoute }),
              },
              {
                id: 'portal',
                path: routePatterns.portal,
                lazy: async () => ({ Component: (await import('@/features/portal/routes/portal-landing-route')).PortalLandingRoute }),
              },
              {
                id: 'portal-error',
                path: routePatterns.portalError,
                lazy: async () => ({ Component: (await import('@/features/auth/routes/portal-error-route')).PortalErrorRoute }),
              },
              { id: 'service-error', path: routePatterns.serviceError, element: <ServiceErrorRoute /> },
              {
                id: 'logout',
                path: routePatterns.logout,
                lazy: async () => ({ Component: (await import('@/features/auth/routes/logout-route')).LogoutRoute }),
              },
              {
                id: 'not-found',
                path: routePatterns.notFound,
                lazy: async () => ({ Component: (await import('./not-found-route')).NotFoundRoute }),
              },
            ],
          },
        ],
      },
    ],
  },
];

/** The advisers' pages: the dashboard, each application's pages, Underwriting Qi, each policy. */
function adviserRoutes(): RouteObject[] {
  return [
    {
      id: 'dashboard',
      path: routePatterns.dashboard,
      lazy: async () => ({ Component: (await import('@/features/dashboard/routes/dashboard-route')).DashboardRoute }),
    },
    {
      id: 'client-details',
      path: routePatterns.clientDetails,
      lazy: async () => ({ Component: (await import('@/features/application/client-details/client-details-route')).ClientDetailsRoute }),
    },
    {
      id: 'quote',
      path: routePatterns.quote,
      lazy: async () => ({ Component: (await import('@/features/application/quote/quote-route')).QuoteRoute }),
    },
    {
      id: 'contact-details',
      path: routePatterns.contactDetails,
      lazy: async () => ({ Component: (await import('@/features/application/contact-details/contact-details-route')).ContactDetailsRoute }),
    },
    {
      id: 'underwriting',
      path: routePatterns.underwriting,
      lazy: async () => ({ Component: (await import('@/features/application/underwriting/underwriting-route')).UnderwritingRoute }),
    },
    {
      id: 'amra',
      path: routePatterns.amra,
      lazy: async () => ({ Component: (await import('@/features/application/amra/amra-route')).AmraRoute }),
    },
    {
      id: 'decision',
      path: routePatterns.decision,
      lazy: async () => ({ Component: (await import('@/features/application/decision/decision-route')).DecisionRoute }),
    },
    {
      id: 'set-up',
      path: routePatterns.setUp,
      lazy: async () => ({ Component: (await import('@/features/application/set-up/set-up-route')).SetUpRoute }),
    },
    {
      id: 'review',
      path: routePatterns.review,
      lazy: async () => ({ Component: (await import('@/features/application/review/review-route')).ReviewRoute }),
    },
    {
      id: 'complete',
      path: routePatterns.complete,
      lazy: async () => ({ Component: (await import('@/features/application/complete/complete-route')).CompleteRoute }),
    },
    {
      id: 'qi',
      path: routePatterns.qi,
      lazy: async () => ({ Component: (await import('@/features/qi/routes/qi-list-route')).QiListRoute }),
    },
    {
      id: 'qi-step',
      path: routePatterns.qiStep,
      lazy: async () => ({ Component: (await import('@/features/qi/routes/qi-route')).QiRoute }),
    },
    {
      id: 'policy-holder',
      path: routePatterns.policyHolder,
      lazy: async () => ({ Component: (await import('@/features/policy-holder/policy-holder-route')).PolicyHolderRoute }),
    },
  ];
}

/** The client portal's signed-in pages: the client's home, confirming a case, each policy. */
function clientRoutes(): RouteObject[] {
  return [
    {
      id: 'client-home',
      path: routePatterns.clientHome,
      lazy: async () => ({ Component: (await import('@/features/portal/routes/client-home-route')).ClientHomeRoute }),
    },
    {
      id: 'client-confirm',
      path: routePatterns.clientConfirm,
      lazy: async () => ({ Component: (await import('@/features/portal/routes/confirm-details-route')).ConfirmDetailsRoute }),
    },
    {
      id: 'client-policy',
      path: routePatterns.clientPolicy,
      lazy: async () => ({ Component: (await import('@/features/portal/routes/client-policy-route')).ClientPolicyRoute }),
    },
    {
      id: 'client-health-questions',
      path: routePatterns.clientHealthQuestions,
      lazy: async () => ({ Component: (await import('@/features/portal/health-questions/health-questions-route')).HealthQuestionsRoute }),
    },
  ];
}
