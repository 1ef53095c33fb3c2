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

  it('opens on the furthest page before it when the stage’s page is still to come', () => {
    // Went on Risk -> complete, a page of a later release: set-up, the page before it.
    expect(applicationPagePath(7, 'WENT_ON_RISK')).toBe('/application/7/set-up');
  });
});
