/** Words of the shared components that are not any one feature's. en-GB. */
export const componentStrings = {
  /** Read by screen readers after a link that opens a new tab (WCAG 3.2.5 advisory G201). */
  opensInNewTab: '(opens in a new tab)',
} as const;
