import { Alert } from 'antd';
import { useEffect, useId, useRef, type ReactNode } from 'react';
import { focusField } from '@/lib/focus';

/** A link in a problem summary to the field that puts the problem right. */
export function ProblemLink({ fieldId, children }: { fieldId: string; children: ReactNode }) {
  return (
    <a
      href={`#${fieldId}`}
      onClick={(event) => {
        // Focus, not only scroll: the adviser can correct the field straight away.
        if (focusField(fieldId)) event.preventDefault();
      }}
    >
      {children}
    </a>
  );
}

interface ProblemSummaryProps {
  title: string;
  type: 'error' | 'warning';
  /**
   * Set when the summary answers something the adviser just did (a refused Apply): each new value
   * moves focus to the title, so a screen reader reads it and the list follows. Left unset for a
   * summary shown with the page, where the page's heading takes focus.
   */
  focusKey?: number | string;
  children: ReactNode;
}

/**
 * What stops the adviser going on, in the manner of the GOV.UK error summary: a region named by
 * its heading, announced as an alert when it appears, its heading focused when it answers an
 * action, its items linking to where each is put right.
 */
export function ProblemSummary({ title, type, focusKey, children }: ProblemSummaryProps) {
  const headingId = useId();
  const titleRef = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    if (focusKey !== undefined) titleRef.current?.focus();
  }, [focusKey]);
  return (
    <section aria-labelledby={headingId} className="problem-summary">
      <Alert
        type={type}
        showIcon
        message={
          <h2 id={headingId} ref={titleRef} tabIndex={-1} className="problem-summary__title">
            {title}
          </h2>
        }
        description={children}
      />
    </section>
  );
}
