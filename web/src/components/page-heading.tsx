import { Typography } from 'antd';
import { useEffect, useRef, type ReactNode } from 'react';

let focusRequested = false;

/**
 * Asks for the next page heading to take focus (after a route change), so screen-reader and
 * keyboard users start at the top of the new page. If a heading is already there, it takes it now.
 */
export function requestHeadingFocus(): void {
  const heading = document.querySelector<HTMLElement>('main h1');
  if (heading) {
    heading.focus({ preventScroll: true });
    focusRequested = false;
  } else {
    focusRequested = true;
  }
}

/** The page's h1. It takes focus when it appears after a route change. */
export function PageHeading({ children }: { children: ReactNode }) {
  const ref = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    if (focusRequested && ref.current) {
      ref.current.focus({ preventScroll: true });
      focusRequested = false;
    }
  }, []);
  return (
    <Typography.Title level={1} className="page-heading" ref={ref} tabIndex={-1}>
      {children}
    </Typography.Title>
  );
}
