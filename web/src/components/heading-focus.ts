/**
 * Moving focus to the page heading after a route change, so screen-reader and keyboard users
 * start at the top of the new page. Kept apart from PageHeading so the app shell can ask for it
 * without loading the heading's component library.
 */

let focusRequested = false;

/** Asks for the next page heading to take focus; if a heading is already there, it takes it now. */
export function requestHeadingFocus(): void {
  const heading = document.querySelector<HTMLElement>('main h1');
  if (heading) {
    heading.focus({ preventScroll: true });
    focusRequested = false;
  } else {
    focusRequested = true;
  }
}

/** Whether a heading should take focus as it appears; answering yes clears the request. */
export function takeHeadingFocusRequest(): boolean {
  const requested = focusRequested;
  focusRequested = false;
  return requested;
}
