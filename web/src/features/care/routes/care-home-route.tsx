import { useContext } from 'react';
import { useAuth } from 'react-oidc-context';
import { PageHeading } from '@/components/page-heading';
import { useRoles } from '@/lib/auth/roles';
import { BootstrapConfigContext } from '@/lib/config';
import { careStrings as t } from '../strings';

/**
 * /v2/customer-care: customer care's home (`cca`, `ccaadmin`). Their tools (answering web chat,
 * advisers' settings) are the client-portal issue's; today the page says what they can do with
 * what exists, and calls nothing an adviser's account is needed for (decision SH7).
 */
export function CareHomeRoute() {
  const auth = useAuth();
  const roles = useRoles();
  const config = useContext(BootstrapConfigContext);
  const name = auth.user?.profile.name ?? auth.user?.profile.email;
  return (
    <>
      <header className="page-header">
        <PageHeading>{t.heading}</PageHeading>
        {name && <p className="page-header__subtitle">{t.welcome(name)}</p>}
      </header>
      <section aria-labelledby="care-today" className="panel care-panel">
        <h2 id="care-today" className="card-heading">
          {t.todayHeading}
        </h2>
        <p>{roles.includes('ccaadmin') ? t.role.ccaadmin : t.role.cca}</p>
        <ul>
          <li>{t.findCase}</li>
          {config && (
            <li>
              {t.helpAdvisers} {t.call} <a href={`tel:${config.help.telephone.replace(/\s+/g, '')}`}>{config.help.telephone}</a> {t.email}{' '}
              <a href={`mailto:${config.help.email}`}>{config.help.email}</a>.
            </li>
          )}
        </ul>
      </section>
      <section aria-labelledby="care-coming" className="panel care-panel">
        <h2 id="care-coming" className="card-heading">
          {t.comingHeading}
        </h2>
        <p>{t.coming}</p>
      </section>
    </>
  );
}
