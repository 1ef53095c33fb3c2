import { ExportOutlined } from '@ant-design/icons';
import type { ReactNode } from 'react';
import { componentStrings } from './strings';

/**
 * A link to a page outside the portal (the insurer's site, LinkedIn, a document): it opens in a
 * new tab, so the adviser keeps their place, without giving that page a handle on this one
 * (`noopener noreferrer`), and says so to screen readers and, with an icon, to the eye.
 */
export function ExternalLink({ href, children, className }: { href: string; children: ReactNode; className?: string }) {
  return (
    <a href={href} target="_blank" rel="noopener noreferrer" className={className}>
      {children}
      <ExportOutlined aria-hidden="true" className="external-link__icon" />
      <span className="visually-hidden"> {componentStrings.opensInNewTab}</span>
    </a>
  );
}
