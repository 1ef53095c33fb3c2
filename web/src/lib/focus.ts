/** Moving focus to a field: from a summary's link to the field, or into a drawer as it opens. */

/** What can take focus by Tab. */
const FOCUSABLE =
  'input:not([type="hidden"]):not([disabled]), textarea:not([disabled]), select:not([disabled]), button:not([disabled]), a[href], [tabindex]:not([tabindex="-1"])';

/**
 * Focuses `element` when it takes focus, else the control inside it that should: a radio group's
 * chosen radio, or its first control. Focusing scrolls it into view.
 * Answers whether anything took focus.
 */
export function focusControl(element: HTMLElement | null): boolean {
  if (!element) return false;
  const control = element.matches(FOCUSABLE)
    ? element
    : (element.querySelector<HTMLElement>('input[type="radio"]:checked:not([disabled])') ?? element.querySelector<HTMLElement>(FOCUSABLE));
  if (!control) return false;
  control.focus();
  return true;
}

/** The controls inside `element` that Tab stops at, in the order it stops at them (no positive tabindex here). */
export function tabbableIn(element: HTMLElement): HTMLElement[] {
  return Array.from(element.querySelectorAll<HTMLElement>(FOCUSABLE));
}

/** Focuses the field with this id (see `focusControl`). */
export function focusField(id: string): boolean {
  return focusControl(document.getElementById(id));
}
