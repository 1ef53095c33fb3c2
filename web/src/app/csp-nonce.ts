/**
 * The style nonce the portal wrote into this page's `<meta name="csp-nonce">` (api/src/spa.rs).
 * The Content-Security-Policy allows no inline style without it (docs/decisions.md SEC1), and
 * antd writes its styles as `<style>` elements at run time, so every one must carry it.
 * Undefined under Vite's dev server and in tests, which send no policy.
 */
export function cspNonce(doc: Pick<Document, 'querySelector'> = document): string | undefined {
  const content = doc.querySelector<HTMLMetaElement>('meta[name="csp-nonce"]')?.content;
  return content ? content : undefined;
}
