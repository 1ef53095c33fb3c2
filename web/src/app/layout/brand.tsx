import { useContext } from 'react';
import { Link } from 'react-router';
import { BootstrapConfigContext } from '@/lib/config';
import { paths } from '../paths';
import { appStrings } from '../strings';

/** The product mark, and a tag saying so when this is not production. */
export function Brand() {
  const config = useContext(BootstrapConfigContext);
  const environment = config && config.environment !== 'production' ? config.environment : undefined;
  return (
    <span className="brand-group">
      <Link to={paths.dashboard()} className="brand">
        {/* The link is named by the words it shows (WCAG 2.5.3, label in name): the mark is hidden. */}
        <span className="brand__mark" aria-hidden="true">
          PL
        </span>
        <span className="brand__text">
          <span className="brand__insurer">{appStrings.insurerName}</span>{' '}
          <span className="brand__product">{appStrings.productName}</span>
        </span>
      </Link>
      {environment && (
        <span className="environment-tag environment-badge">{appStrings.environment(environment)}</span>
      )}
    </span>
  );
}
