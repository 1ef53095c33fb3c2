import { Layout } from 'antd';
import { useContext } from 'react';
import { BootstrapConfigContext } from '@/lib/config';
import { appStrings } from '../strings';

export function AppFooter() {
  const config = useContext(BootstrapConfigContext);
  const year = new Date().getFullYear();
  return (
    <Layout.Footer className="app-footer">
      <div className="app-footer__inner">
        {config ? (
          <span>
            <strong>{appStrings.footer.needHelp}</strong> {appStrings.footer.call}{' '}
            <a href={`tel:${config.help.telephone.replace(/\s+/g, '')}`}>{config.help.telephone}</a> {appStrings.footer.email}{' '}
            <a href={`mailto:${config.help.email}`}>{config.help.email}</a>
          </span>
        ) : (
          <span />
        )}
        <span>
          © {year} {appStrings.insurerName}
        </span>
      </div>
    </Layout.Footer>
  );
}
