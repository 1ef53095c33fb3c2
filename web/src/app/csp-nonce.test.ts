import { describe, expect, it } from 'vitest';
import { cspNonce } from './csp-nonce';

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
