import { useEffect } from 'react';
import { useMatches, useNavigation } from 'react-router';
import { useEndPageMessage } from '@/components/feedback';
import { requestHeadingFocus } from '@/components/heading-focus';

/**
 * On every change of page: scroll to the top, move focus to the new page's heading, and take
 * away the last page's confirmation ("Client added" belongs to the page it was said on).
 * Switching a tab inside a page (same route, e.g. the dashboard's tabs) is not a change of page.
 * While a page's code is being fetched (each page loads on first visit) the thin progress bar
 * shows, as it does while data loads (§2).
 */
export function RouteChangeEffects() {
  const matches = useMatches();
  const navigation = useNavigation();
  const last = matches.at(-1);
  const pageKey = last ? `${last.id}:${last.params.applicationId ?? ''}` : '';

  const endPageMessage = useEndPageMessage();

  useEffect(() => {
    window.scrollTo(0, 0);
    requestHeadingFocus();
    endPageMessage();
  }, [pageKey, endPageMessage]);

  if (navigation.state !== 'loading') return null;
  return (
    <div className="top-progress" role="progressbar" aria-label="Loading the page" aria-busy="true">
      <div className="top-progress__bar" />
    </div>
  );
}
