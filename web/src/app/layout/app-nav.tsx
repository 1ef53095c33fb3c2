import { MenuOutlined } from '@ant-design/icons';
import { useContext, useRef, useState, type KeyboardEvent } from 'react';
import { NavLink, useLocation } from 'react-router';
import { ExternalLink } from '@/components/external-link';
import { useIsCustomerCare, useIsUnderwriter, useRoles } from '@/lib/auth/roles';
import { BootstrapConfigContext } from '@/lib/config';
import { paths } from '../paths';
import { appStrings } from '../strings';

const t = appStrings.nav;

/**
 * The main navigation (§2 "Navigation menu"). An adviser's: Dashboard, Underwriting Qi, and the
 * insurer's Literature and Cover upgrade promise pages (external, opening in a new tab; the
 * addresses are the bootstrap configuration's for this identity tenant). An underwriter's: the
 * workbench. Customer care's: their own page. On a narrow screen the list folds behind a Menu
 * button (a disclosure: Escape or a choice closes it).
 */
export function AppNav() {
  const underwriter = useIsUnderwriter();
  const customerCare = useIsCustomerCare();
  const toggle = useRef<HTMLButtonElement>(null);
  const { pathname } = useLocation();
  // Open for the page it was opened on: choosing a link (a new page) closes it.
  const [openOn, setOpenOn] = useState<string | null>(null);
  const open = openOn === pathname;
  const setOpen = (value: boolean) => setOpenOn(value ? pathname : null);

  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key === 'Escape' && open) {
      setOpen(false);
      toggle.current?.focus();
    }
  };

  return (
    <nav aria-label={appStrings.mainNavigation} className={`app-header__nav${open ? ' app-header__nav--open' : ''}`} onKeyDown={onKeyDown}>
      <button ref={toggle} type="button" className="app-nav__toggle" aria-expanded={open} aria-controls="app-nav-list" onClick={() => setOpen(!open)}>
        <MenuOutlined aria-hidden="true" /> {t.menu}
      </button>
      <ul id="app-nav-list" className="app-nav">
        {underwriter ? (
          <Item to={paths.workbench()} label={t.workbench} />
        ) : customerCare ? (
          <CareItems />
        ) : (
          <AdviserItems />
        )}
      </ul>
    </nav>
  );
}

/** Customer care's pages (issue 35): cases for both roles, web chats for `cca`, and the administrators' pages for `ccaadmin`. */
function CareItems() {
  const roles = useRoles();
  return (
    <>
      <Item to={paths.customerCare()} label={t.customerCare} end />
      {roles.includes('cca') && <Item to={paths.customerCareChats()} label={t.webChats} />}
      {roles.includes('ccaadmin') && (
        <>
          <Item to={paths.careAdvisers()} label={t.careAdvisers} />
          <Item to={paths.careFirms()} label={t.careFirms} />
          <Item to={paths.careDataReads()} label={t.careDataReads} />
          <Item to={paths.careDeletions()} label={t.careDeletions} />
        </>
      )}
    </>
  );
}

function Item({ to, label, end }: { to: string; label: string; end?: boolean }) {
  return (
    <li>
      <NavLink to={to} className="app-nav__link" end={end}>
        {label}
      </NavLink>
    </li>
  );
}

/** The external links need the bootstrap configuration; without it they are left out, never guessed. */
function AdviserItems() {
  const links = useContext(BootstrapConfigContext)?.links;
  return (
    <>
      <Item to={paths.dashboard()} label={t.dashboard} />
      <Item to={paths.qi()} label={t.qi} />
      {links && (
        <>
          <li>
            <ExternalLink href={links.literature} className="app-nav__link">
              {t.literature}
            </ExternalLink>
          </li>
          <li>
            <ExternalLink href={links.coverUpgradePromise} className="app-nav__link">
              {t.coverUpgradePromise}
            </ExternalLink>
          </li>
        </>
      )}
    </>
  );
}
