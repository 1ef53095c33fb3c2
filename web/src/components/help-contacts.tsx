import { useContext } from 'react';
import { BootstrapConfigContext } from '@/lib/config';

/**
 * "Call us on 0800 … or email …", with the support telephone and email of the bootstrap
 * configuration (§8's generic error, the login landing page). Nothing when the configuration
 * could not be loaded: there is then no number we could stand behind.
 */
export function HelpContacts({ lead, or, audience = 'staff' }: { lead: string; or: string; audience?: 'client' | 'staff' }) {
  const config = useContext(BootstrapConfigContext);
  if (!config) return null;
  // A client is given the clients' line, never the advisers' support desk (issue 50).
  const { telephone, email } = audience === 'client' ? config.clientHelp : config.help;
  return (
    <p className="help-contacts">
      {lead} <a href={`tel:${telephone.replace(/\s+/g, '')}`}>{telephone}</a> {or} <a href={`mailto:${email}`}>{email}</a>.
    </p>
  );
}
