import { useContext } from 'react';
import { useAuth } from 'react-oidc-context';
import { Link } from 'react-router';
import { BootstrapConfigContext } from '@/lib/config';
import { shellOf, useAudience } from '../audience';
import { appStrings } from '../strings';

/**
 * The product mark, and a tag saying so when this is not production. The product and its home
 * are the audience's (`useAudience`): clients are never told they are on the adviser portal, nor
 * underwriters and customer care.
 */
export function Brand() {
  const auth = useAuth() as ReturnType<typeof useAuth> | undefined;
  const { product, home } = shellOf(useAudience(), Boolean(auth?.user));
  const config = useContext(BootstrapConfigContext);
  const environment = config && config.environment !== 'production' ? config.environment : undefined;
  return (
    <span className="brand-group">
      <Link to={home} className="brand">
        {/* The link is named by the words it shows (WCAG 2.5.3, label in name): the mark is hidden. */}
        <span className="brand__mark" aria-hidden="true">
          PL
        </span>
        <span className="brand__text">
          <span className="brand__insurer">{appStrings.insurerName}</span>{' '}
          <span className="brand__product">{product}</span>
        </span>
      </Link>
      {environment && (
        <span className="environment-tag environment-badge">{appStrings.environment(environment)}</span>
      )}
    </span>
  );
}
