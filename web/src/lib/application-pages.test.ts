import { describe, expect, it } from 'vitest';
import { applicationPagePath } from './application-pages';

describe('where an application opens', () => {
  it('opens on the page of its stage when this release has it (§2 stage-to-route table)', () => {
    expect(applicationPagePath(100001, 'CREATE_QUOTE')).toBe('/application/100001/client-details');
    expect(applicationPagePath(100001, 'QUOTE')).toBe('/application/100001/quote');
    expect(applicationPagePath(100001, 'APPLY')).toBe('/application/100001/application');
  });

  it('opens on AMRA, the furthest page before it, when the stage’s page is still to come', () => {
    // Underwriting and Decision -> decision, Went on Risk -> complete: pages of a later release.
    for (const stage of ['UNDERWRITING', 'DECISION', 'WENT_ON_RISK'] as const) {
      expect(applicationPagePath(7, stage)).toBe('/application/7/amra');
    }
  });
});
