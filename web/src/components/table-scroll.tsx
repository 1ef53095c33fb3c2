import { useLayoutEffect, useRef, useState, type ReactNode } from 'react';

/** What the box is called once it scrolls: its own words, or the heading (or caption) with this id. */
export type TableScrollName = { label: string; labelledBy?: never } | { labelledBy: string; label?: never };

type TableScrollProps = TableScrollName & {
  /** `data-table` for a plain table styled like antd's; none around an antd Table. */
  className?: string;
  children: ReactNode;
};

/** Whether the box's content is wider than the box, measured again as either changes. */
function useScrollsSideways(box: React.RefObject<HTMLDivElement | null>): boolean {
  const [scrolls, setScrolls] = useState(false);
  useLayoutEffect(() => {
    const element = box.current;
    if (!element) return;
    const measure = () => setScrolls(element.scrollWidth > element.clientWidth);
    measure();
    // The box resizes with the window; the content changes with the rows (a new page, a load).
    const resized = typeof ResizeObserver === 'undefined' ? null : new ResizeObserver(measure);
    resized?.observe(element);
    const changed = new MutationObserver(measure);
    changed.observe(element, { childList: true, subtree: true, characterData: true });
    return () => {
      resized?.disconnect();
      changed.disconnect();
    };
  }, [box]);
  return scrolls;
}

/**
 * The box a table scrolls sideways in when it is wider than the screen (a phone's). Then the box
 * takes focus, so a keyboard user can scroll it with the arrow keys (WCAG 2.1.1, axe's
 * scrollable-region-focusable), and it is a region named after the table, so a screen reader says
 * what has focus; while the table fits it is no stop and no region. Every table of the portal sits
 * in one: the plain ones (`data-table`) and antd's (given no `scroll` of their own, so that this
 * box, not one inside antd's, is the one that scrolls).
 */
export function TableScroll({ label, labelledBy, className, children }: TableScrollProps) {
  const box = useRef<HTMLDivElement>(null);
  const scrolls = useScrollsSideways(box);
  const region = scrolls ? { tabIndex: 0, role: 'region', 'aria-label': label, 'aria-labelledby': labelledBy } : {};
  return (
    <div ref={box} className={className} style={{ overflowX: 'auto' }} {...region}>
      {children}
    </div>
  );
}
