import { useContext } from 'react';
import { BootstrapConfigContext } from '@/lib/config';
import { durationText } from '@/lib/duration';
import type { SignOutRecord } from '@/lib/auth/sign-out-record';
import { componentStrings } from './strings';

const t = componentStrings.signedOut;

/**
 * Why the user was signed out, on the page they land on afterwards (EP3): "You have signed out",
 * or signed out for being idle. One notice for both landings, the advisers' login page and the
 * client portal's, so the two say the same thing the same way. Nothing when there was no sign-out.
 */
export function SignedOutNotice({ record }: { record: SignOutRecord | undefined }) {
  const config = useContext(BootstrapConfigContext);
  if (!record) return null;
  const idleFor = config ? durationText(config.idleTimeoutSeconds) : undefined;
  return (
    <div className="signed-out-notice" role="status">
      <p className="signed-out-notice__title">{record.reason === 'idle' && idleFor ? t.idle(idleFor) : t.title}</p>
      <p>{t.detail}</p>
    </div>
  );
}
