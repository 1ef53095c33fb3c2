import { useEffect } from 'react';
import { useMatches } from 'react-router';
import { requestHeadingFocus } from '@/components/page-heading';

/**
 * On every change of page: scroll to the top and move focus to the new page's heading.
 * Switching a tab inside a page (same route, e.g. the dashboard's tabs) is not a change of page.
 */
export function RouteChangeEffects() {
  const matches = useMatches();
  const last = matches.at(-1);
  const pageKey = last ? `${last.id}:${last.params.applicationId ?? ''}` : '';

  useEffect(() => {
    window.scrollTo(0, 0);
    requestHeadingFocus();
  }, [pageKey]);

  return null;
}
