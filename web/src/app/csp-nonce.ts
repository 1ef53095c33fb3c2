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

/**
 * Gives the page's nonce to every `<style>` element a script creates. antd's own styles get it
 * through `ConfigProvider csp`, but its building blocks write two more without passing it on
 * (`@rc-component/portal`'s scroll lock while a drawer or dialog is open, `rc-util`'s scroll-bar
 * measurement), and the policy would refuse them. A `<style>` in injected markup is created by
 * the HTML parser, not by `createElement`, so it is still refused (docs/decisions.md SEC1).
 */
export function nonceCreatedStyles(nonce: string | undefined, doc: Document = document): void {
  if (!nonce) return;
  // Through Reflect: the method is replaced on this document only, whatever overload is called.
  const create: CreateElement = Reflect.get(doc, 'createElement');
  const withNonce: CreateElement = (tagName, options) => {
    const element = create.call(doc, tagName, options);
    if (element instanceof HTMLStyleElement) element.nonce = nonce;
    return element;
  };
  Reflect.set(doc, 'createElement', withNonce);
}

type CreateElement = (tagName: string, options?: ElementCreationOptions) => HTMLElement;
