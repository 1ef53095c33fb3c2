import type { RouteObject } from 'react-router';
import { describe, expect, it } from 'vitest';
import { needsSignIn, publicRoutes, routePatterns, type RouteName } from './paths';
import { routes } from './routes';

/** Every path of a subtree, with the route ids it passes on the way. */
function pathsUnder(route: RouteObject, trail: string[] = []): { path: string; trail: string[] }[] {
  const here = [...trail, route.id ?? ''];
  const own = route.path !== undefined ? [{ path: route.path, trail: here }] : [];
  return [...own, ...(route.children ?? []).flatMap((child) => pathsUnder(child, here))];
}

describe('the route table (§2)', () => {
  const all = routes.flatMap((route) => pathsUnder(route));

  it('has a route in the router for every pattern in paths.ts, and no path the table lacks', () => {
    const patterns: string[] = Object.values(routePatterns);
    expect(new Set(all.map((r) => r.path))).toEqual(new Set(patterns));
  });

  it('puts exactly the public routes outside the sign-in guard', () => {
    for (const [name, pattern] of Object.entries(routePatterns) as [RouteName, string][]) {
      const route = all.find((r) => r.path === pattern);
      // The adviser and staff shell, or the client portal's own (issue 35).
      const guarded = route?.trail.some((id) => id === 'protected' || id === 'client-portal') ?? false;
      expect(guarded, `${name} (${pattern})`).toBe(needsSignIn(name));
    }
    expect(publicRoutes).toEqual(['authCallback', 'login', 'portal', 'portalError', 'serviceError', 'logout', 'notFound']);
  });

  it('gives every route an error element on the way to it (§2, §8)', () => {
    const withErrorElement = new Set<string>();
    const walk = (route: RouteObject) => {
      if (route.errorElement && route.id) withErrorElement.add(route.id);
      route.children?.forEach(walk);
    };
    routes.forEach(walk);
    for (const route of all) expect(route.trail.some((id) => withErrorElement.has(id)), route.path).toBe(true);
    // A page's crash shows inside its layout; only a layout's crash reaches the root's.
    const pageGroups = ['protected-pages', 'public-pages', 'client-pages'];
    for (const route of all) expect(route.trail.some((id) => pageGroups.includes(id)), route.path).toBe(true);
  });
});
