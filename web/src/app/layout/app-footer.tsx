import { Layout } from 'antd';
import { useContext } from 'react';
import { ExternalLink } from '@/components/external-link';
import { WebChatLauncher } from '@/features/chat/components/web-chat-launcher';
import { BootstrapConfigContext } from '@/lib/config';
import { appStrings } from '../strings';

const t = appStrings.footer;

/** Whose help contacts the footer gives: the adviser support line, or the clients' help line. */
export type FooterAudience = 'staff' | 'client';

/**
 * The footer (§2): help contacts, the web chat launcher (advisers only: customer care answer
 * chats rather than start them, underwriters work cases, and clients do not start chats), LinkedIn,
 * the privacy policy and the client welcome document, the regulation text and the copyright year.
 * Its words and addresses are the bootstrap configuration's (product/portal.json), per identity
 * tenant; on the client portal (`audience="client"`) the help contacts are the clients' own.
 */
export function AppFooter({ webChat = false, audience = 'staff' }: { webChat?: boolean; audience?: FooterAudience }) {
  const config = useContext(BootstrapConfigContext);
  const year = new Date().getFullYear();
  if (!config) {
    return (
      <Layout.Footer className="app-footer">
        <div className="app-footer__inner">
          <span>{t.copyright(year, appStrings.insurerName)}</span>
        </div>
      </Layout.Footer>
    );
  }
  const { links, legal } = config;
  const help = audience === 'client' ? config.clientHelp : config.help;
  return (
    <Layout.Footer className="app-footer">
      <div className="app-footer__inner">
        <div className="app-footer__help">
          <span>
            <strong>{t.needHelp}</strong> {t.call} <a href={`tel:${help.telephone.replace(/\s+/g, '')}`}>{help.telephone}</a> {t.email}{' '}
            <a href={`mailto:${help.email}`}>{help.email}</a>
          </span>
          {webChat && audience === 'staff' && <WebChatLauncher />}
        </div>
        <nav aria-label={t.links} className="app-footer__links">
          <ul>
            <li>
              <ExternalLink href={links.linkedIn}>{t.linkedIn}</ExternalLink>
            </li>
            <li>
              <ExternalLink href={links.privacyPolicy}>{t.privacyPolicy}</ExternalLink>
            </li>
            <li>
              <ExternalLink href={links.clientWelcome}>{t.clientWelcome}</ExternalLink>
            </li>
          </ul>
        </nav>
        <div className="app-footer__legal">
          <p>{legal.regulation}</p>
          <p>{t.copyright(year, legal.copyrightHolder)}</p>
        </div>
      </div>
    </Layout.Footer>
  );
}
