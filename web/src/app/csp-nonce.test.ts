import { describe, expect, it } from 'vitest';
import { cspNonce, nonceCreatedStyles } from './csp-nonce';

function page(html: string): Document {
  return new DOMParser().parseFromString(html, 'text/html');
}

describe('cspNonce', () => {
  it('reads the nonce the portal wrote into the page', () => {
    expect(cspNonce(page('<head><meta name="csp-nonce" content="q2x+Zm9v"></head>'))).toBe('q2x+Zm9v');
  });

  it('is undefined where no policy was sent (the dev server, tests)', () => {
    expect(cspNonce(page('<head></head>'))).toBeUndefined();
    expect(cspNonce(page('<head><meta name="csp-nonce" content=""></head>'))).toBeUndefined();
  });
});

describe('nonceCreatedStyles', () => {
  it('gives every style element a script creates the nonce, and nothing else', () => {
    const doc = document.implementation.createHTMLDocument('page');
    nonceCreatedStyles('n0nce', doc);
    expect(doc.createElement('style').nonce).toBe('n0nce');
    expect(doc.createElement('div').nonce).toBe('');
    // Markup parsed into the page is not created by script: no nonce, so the policy refuses it.
    doc.body.innerHTML = '<style>body { color: red }</style>';
    expect(doc.querySelector('style')?.nonce).toBe('');
  });

  it('leaves the document alone when the page has no nonce', () => {
    const doc = document.implementation.createHTMLDocument('page');
    const create: unknown = Reflect.get(doc, 'createElement');
    nonceCreatedStyles(undefined, doc);
    expect(Reflect.get(doc, 'createElement')).toBe(create);
  });
});
