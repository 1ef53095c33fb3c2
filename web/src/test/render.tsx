import { keepNewerVersion } from '@/lib/query-client';
import { render } from '@testing-library/react';
import { QueryClient } from '@tanstack/react-query';
import type { ReactElement } from 'react';
import { createMemoryRouter, RouterProvider, type RouteObject } from 'react-router';
import { AppProviders } from '@/app/app-providers';

export function createTestQueryClient(): QueryClient {
  return new QueryClient({ defaultOptions: { queries: { retry: false, structuralSharing: keepNewerVersion }, mutations: { retry: false } } });
}

/** Renders a route element with the real providers (antd en-GB, react-query) and a memory router. */
export function renderRoute(element: ReactElement, { path, url }: { path: string; url: string }) {
  const queryClient = createTestQueryClient();
  const routes: RouteObject[] = [
    { path, element },
    { path: '*', element: <p>Navigated elsewhere</p> },
  ];
  const router = createMemoryRouter(routes, { initialEntries: [url] });
  const result = render(
    <AppProviders queryClient={queryClient}>
      <RouterProvider router={router} />
    </AppProviders>,
  );
  return { ...result, router, queryClient };
}
