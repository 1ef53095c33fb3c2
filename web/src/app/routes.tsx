import { Navigate, type RouteObject } from 'react-router';
import { ClientDetailsRoute } from '@/features/application/routes/client-details-route';
import { ContactDetailsRoute } from '@/features/application/routes/contact-details-route';
import { QuoteRoute } from '@/features/application/routes/quote-route';
import { AuthCallbackRoute } from '@/features/auth/routes/auth-callback-route';
import { LogoutRoute } from '@/features/auth/routes/logout-route';
import { DashboardRoute } from '@/features/dashboard/routes/dashboard-route';
import { AppLayout } from './layout/app-layout';
import { PublicLayout } from './layout/public-layout';
import { NotFoundRoute } from './not-found-route';
import { paths, routePatterns } from './paths';
import { RequireAuth } from './require-auth';

/** The route tree. Protected pages sit under RequireAuth; the rest need no sign-in (spec §2). */
export const routes: RouteObject[] = [
  { id: 'root', path: routePatterns.root, element: <Navigate to={paths.dashboard()} replace /> },
  {
    id: 'protected',
    element: (
      <RequireAuth>
        <AppLayout />
      </RequireAuth>
    ),
    children: [
      { id: 'dashboard', path: routePatterns.dashboard, element: <DashboardRoute /> },
      { id: 'client-details', path: routePatterns.clientDetails, element: <ClientDetailsRoute /> },
      { id: 'quote', path: routePatterns.quote, element: <QuoteRoute /> },
      { id: 'contact-details', path: routePatterns.contactDetails, element: <ContactDetailsRoute /> },
    ],
  },
  {
    id: 'public',
    element: <PublicLayout />,
    children: [
      { id: 'auth-callback', path: routePatterns.authCallback, element: <AuthCallbackRoute /> },
      { id: 'logout', path: routePatterns.logout, element: <LogoutRoute /> },
      { id: 'not-found', path: routePatterns.notFound, element: <NotFoundRoute /> },
    ],
  },
];
