import { useAuth } from 'react-oidc-context';

/** A role the identity provider puts in the `roles` claim (spec §6). */
export type Role = 'underwriter' | 'cca' | 'ccaadmin' | 'client';

const KNOWN: readonly Role[] = ['underwriter', 'cca', 'ccaadmin', 'client'];

/**
 * The roles in a token's claims, matched ignoring case (§6); a provider may send one role as a
 * string or several as a list, and unknown names are ignored. The API checks every call itself:
 * the SPA reads roles only to choose the user's home page and menu.
 */
export function rolesOf(claims: Record<string, unknown> | undefined): Role[] {
  const raw = claims?.roles;
  const names = typeof raw === 'string' ? [raw] : Array.isArray(raw) ? raw : [];
  return KNOWN.filter((role) => names.some((name) => typeof name === 'string' && name.trim().toLowerCase() === role));
}

/** The signed-in user's roles (none before sign-in). */
export function useRoles(): Role[] {
  const auth = useAuth() as ReturnType<typeof useAuth> | undefined;
  return rolesOf(auth?.user?.profile);
}

/** Whether the signed-in user works the underwriting workbench rather than an adviser's cases. */
export function useIsUnderwriter(): boolean {
  return useRoles().includes('underwriter');
}

/**
 * Whether the signed-in user is customer care (`cca` or `ccaadmin`, §6): they have a page of
 * their own, not an adviser's dashboard, and none of the adviser's menu.
 */
export function useIsCustomerCare(): boolean {
  const roles = useRoles();
  return !roles.includes('underwriter') && (roles.includes('cca') || roles.includes('ccaadmin'));
}

/**
 * Whether the signed-in user is a client of the insurer (the `client` role, issue 35): they have
 * the client portal, never an adviser's pages or menu. Staff roles win over it.
 */
export function useIsClient(): boolean {
  const roles = useRoles();
  return roles.includes('client') && !roles.some((role) => role !== 'client');
}
