import { useIsFetching, useIsMutating } from '@tanstack/react-query';

/** A thin bar across the top of the window while any query or mutation is in flight. */
export function TopProgressBar() {
  const fetching = useIsFetching();
  const mutating = useIsMutating();
  if (fetching + mutating === 0) return null;
  return (
    <div className="top-progress" role="progressbar" aria-label="Loading" aria-busy="true">
      <div className="top-progress__bar" />
    </div>
  );
}
