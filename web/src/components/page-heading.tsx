import { useEffect, useRef, type ReactNode } from 'react';
import { takeHeadingFocusRequest } from './heading-focus';

export { requestHeadingFocus } from './heading-focus';

/** The page's h1. It takes focus when it appears after a route change. */
export function PageHeading({ children }: { children: ReactNode }) {
  const ref = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    if (ref.current && takeHeadingFocusRequest()) ref.current.focus({ preventScroll: true });
  }, []);
  return (
    <h1 className="page-heading" ref={ref} tabIndex={-1}>
      {children}
    </h1>
  );
}
