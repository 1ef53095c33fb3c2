import { useState } from 'react';

/** Where the choice is kept: for this browser tab's session, like the sign-in. */
const STORAGE_KEY = 'portal.dashboard.actingFor';

/**
 * The adviser an assistant is working for (§1, §6 `adviserId`): undefined for everyone they may
 * act for (their own cases and their advisers'). Kept for the session, so it survives moving
 * between pages.
 */
/** Chooses whom to act for before the dashboard opens (an outside link's `/launch?adviserId=`). */
export function rememberActingFor(adviserId: string): void {
  sessionStorage.setItem(STORAGE_KEY, adviserId);
}

export function useActingFor(): [string | undefined, (adviserId: string | undefined) => void] {
  const [adviserId, setAdviserId] = useState<string | undefined>(() => sessionStorage.getItem(STORAGE_KEY) ?? undefined);
  const choose = (next: string | undefined) => {
    if (next) sessionStorage.setItem(STORAGE_KEY, next);
    else sessionStorage.removeItem(STORAGE_KEY);
    setAdviserId(next);
  };
  return [adviserId, choose];
}
