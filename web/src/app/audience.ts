/**
 * Who a page speaks to (issue 50): an adviser, an underwriter, customer care or a client. The
 * header's product name and home, the help line and the error and not-found pages follow it, so
 * a client never reads the adviser portal's words or phone number. A page under the client
 * portal's address (or a service-error page come from one) is the clients', signed in or not;
 * otherwise the signed-in user's roles decide.
 */
import { useLocation, useSearchParams } from 'react-router';
import { safeReturnTo } from '@/lib/auth/return-to';
import { useRoles, type Role } from '@/lib/auth/roles';
import { paths, RETURN_TO_PARAM, routePatterns } from './paths';
import { appStrings } from './strings';

export type Audience = 'adviser' | 'underwriter' | 'customerCare' | 'client';

/** Whether an address (inside the router's base) is the client portal's. */
export function isClientAddress(path: string): boolean {
  return path === routePatterns.portal || path.startsWith(`${routePatterns.portal}/`);
}

/** The audience of roles alone: staff roles win over the client's. */
export function audienceOfRoles(roles: readonly Role[]): Audience {
  if (roles.includes('underwriter')) return 'underwriter';
  if (roles.includes('cca') || roles.includes('ccaadmin')) return 'customerCare';
  if (roles.includes('client')) return 'client';
  return 'adviser';
}

export function useAudience(): Audience {
  const location = useLocation();
  const [params] = useSearchParams();
  const roles = useRoles();
  const cameFrom = safeReturnTo(params.get(RETURN_TO_PARAM));
  if (isClientAddress(location.pathname) || (cameFrom !== undefined && isClientAddress(cameFrom))) return 'client';
  return audienceOfRoles(roles);
}

/** What the header and the error pages say to an audience: the product, its home and the way there. */
export interface AudienceShell {
  product: string;
  home: string;
  homeLabel: string;
  /** Whose help line the footer and the error pages give. */
  help: 'client' | 'staff';
}

export function shellOf(audience: Audience, signedIn: boolean): AudienceShell {
  switch (audience) {
    case 'client':
      return {
        product: appStrings.clientProductName,
        home: signedIn ? paths.clientHome() : paths.portal(),
        homeLabel: signedIn ? appStrings.goToClientHome : appStrings.goToClientPortal,
        help: 'client',
      };
    case 'underwriter':
      return { product: appStrings.underwritingProductName, home: paths.workbench(), homeLabel: appStrings.goToWorkbench, help: 'staff' };
    case 'customerCare':
      return { product: appStrings.careProductName, home: paths.customerCare(), homeLabel: appStrings.goToCustomerCare, help: 'staff' };
    case 'adviser':
      return { product: appStrings.productName, home: paths.dashboard(), homeLabel: appStrings.goToDashboard, help: 'staff' };
  }
}
