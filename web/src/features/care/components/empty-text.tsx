/**
 * What an empty table or list says, in the body text's colour: antd's own placeholder grey
 * (#bfbfbf) fails WCAG's 4.5:1 contrast.
 */
export function EmptyText({ children }: { children: string }) {
  return <span style={{ color: 'rgba(0, 0, 0, 0.88)' }}>{children}</span>;
}
