import { describe, expect, it } from 'vitest';
import { fileNameFromContentDisposition } from './content-disposition';

describe('fileNameFromContentDisposition', () => {
  it('reads a quoted file name, as the portal sends it', () => {
    expect(fileNameFromContentDisposition('attachment; filename="Quote-100001-20261122.pdf"')).toBe('Quote-100001-20261122.pdf');
    expect(fileNameFromContentDisposition('attachment; filename="Key facts \\"2026\\".pdf"')).toBe('Key facts "2026".pdf');
    expect(fileNameFromContentDisposition('attachment;filename="a;b.pdf"')).toBe('a;b.pdf');
  });

  it('reads an unquoted file name', () => {
    expect(fileNameFromContentDisposition('attachment; filename=Quote-100001-20261122.pdf')).toBe('Quote-100001-20261122.pdf');
    expect(fileNameFromContentDisposition('attachment; filename=Quote.pdf; size=1024')).toBe('Quote.pdf');
    expect(fileNameFromContentDisposition('ATTACHMENT; FILENAME=Quote.pdf')).toBe('Quote.pdf');
  });

  it('prefers the encoded filename* form, in UTF-8 or ISO-8859-1', () => {
    expect(fileNameFromContentDisposition("attachment; filename*=UTF-8''Quote%20for%20Zo%C3%AB.pdf")).toBe('Quote for Zoë.pdf');
    expect(fileNameFromContentDisposition("attachment; filename=\"Quote.pdf\"; filename*=UTF-8''Devis%20%E2%82%AC.pdf")).toBe('Devis €.pdf');
    expect(fileNameFromContentDisposition("attachment; filename*=iso-8859-1'en'%A3100.pdf")).toBe('£100.pdf');
  });

  it('falls back to filename when filename* cannot be read', () => {
    expect(fileNameFromContentDisposition("attachment; filename*=UTF-8''%E0%A4%A.pdf; filename=\"Quote.pdf\"")).toBe('Quote.pdf');
  });

  it('keeps only the last part of a path', () => {
    expect(fileNameFromContentDisposition('attachment; filename="../../etc/Quote.pdf"')).toBe('Quote.pdf');
    expect(fileNameFromContentDisposition('attachment; filename="C:\\\\temp\\\\Quote.pdf"')).toBe('Quote.pdf');
  });

  it('has no file name when the header is missing or names none', () => {
    expect(fileNameFromContentDisposition(null)).toBeNull();
    expect(fileNameFromContentDisposition(undefined)).toBeNull();
    expect(fileNameFromContentDisposition('')).toBeNull();
    expect(fileNameFromContentDisposition('attachment')).toBeNull();
    expect(fileNameFromContentDisposition('inline; name="quote"')).toBeNull();
    expect(fileNameFromContentDisposition('attachment; filename=""')).toBeNull();
  });
});
