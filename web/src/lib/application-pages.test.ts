import { describe, expect, it } from 'vitest';
import { applicationPagePath } from './application-pages';

describe('where an application opens', () => {
  it('opens on the page of its stage when this release has it (§2 stage-to-route table)', () => {
    expect(applicationPagePath(100001, 'CREATE_QUOTE')).toBe('/application/100001/client-details');
    expect(applicationPagePath(100001, 'QUOTE')).toBe('/application/100001/quote');
    expect(applicationPagePath(100001, 'APPLY')).toBe('/application/100001/application');
    // Underwriting (with an underwriter) and Decision both open the decision page.
    expect(applicationPagePath(100001, 'UNDERWRITING')).toBe('/application/100001/decision');
    expect(applicationPagePath(100001, 'DECISION')).toBe('/application/100001/decision');
  });

  it('opens a case that went on risk on its Complete page, with the policies', () => {
    expect(applicationPagePath(7, 'WENT_ON_RISK')).toBe('/application/7/complete');
  });

  it('opens a case in force with its start date still to come on Complete, though its stage is still Decision', () => {
    expect(applicationPagePath(7, 'DECISION', true)).toBe('/application/7/complete');
    expect(applicationPagePath(7, 'DECISION', false)).toBe('/application/7/decision');
  });
});
