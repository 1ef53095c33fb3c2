import { describe, expect, it } from 'vitest';
import { cases } from '@/test/vectors';
import { parsePostcode } from './postcode';

interface PostcodeCase { input: string; valid: boolean; normalised?: string; error?: string; message?: string }

describe('postcodes agree with the server (the "postcodes" topic of `domain/vectors.json`)', () => {
  it.each(cases<PostcodeCase>('postcodes'))('$input', (c) => {
    const parsed = parsePostcode(c.input);
    if (c.valid) {
      expect(parsed).toEqual({ ok: true, value: c.normalised });
    } else {
      expect(parsed).toEqual({ ok: false, error: c.error, message: c.message });
    }
  });
});

describe('parsePostcode', () => {
  it('normalises to one space before the last three characters', () => {
    expect(parsePostcode(' ec1a1bb ')).toEqual({ ok: true, value: 'EC1A 1BB' });
  });

  it('re-parses a normalised postcode to itself', () => {
    for (const text of ['m11ae', 'W1A0AX', 'dn55 1pt', 'gir0aa']) {
      const first = parsePostcode(text);
      if (!first.ok) throw new Error(text);
      expect(parsePostcode(first.value)).toEqual(first);
    }
  });

  it('ignores case and spaces wherever they are', () => {
    const expected = parsePostcode('SW1A1AA');
    for (const variant of ['sw1a 1aa', 'S W 1 A 1 A A', 'Sw1A\u00a01aA', '\tsw1a1aa\n']) {
      expect(parsePostcode(variant)).toEqual(expected);
    }
  });

  it('does not let JavaScript-only case folding create a postcode', () => {
    expect(parsePostcode('ßW1 1AA').ok).toBe(false);
  });
});
