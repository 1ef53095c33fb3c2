import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { Schemas } from '@/lib/api-client';
import { OutcomeSummary } from './outcome-summary';

const asthmaDisclosed: Schemas['ApplicantOutcome'] = {
  rulebookVersion: 'sample-2026.11.1',
  decidedAt: '2026-11-24T10:20:00Z',
  limits: null,
  covers: [
    {
      coverId: 'cover-1',
      productType: 'life',
      decision: 'standardterms',
      displayed: 'standardTerms',
      loading: 0,
      exclusions: [],
      evidence: [],
      summary: 'Life Protection: standard terms. Disclosed: Asthma (hospital admissions in the last 5 years: 0), which does not change them.',
      explanations: [],
    },
  ],
};

describe('a cover on standard terms', () => {
  it('says once why, naming what was disclosed, with no empty list of reasons', () => {
    render(<OutcomeSummary outcome={asthmaDisclosed} />);
    expect(screen.getByText(/Disclosed: Asthma \(hospital admissions in the last 5 years: 0\)/)).toBeInTheDocument();
    expect(screen.queryByText(/changes the standard terms|nothing in the answers/i)).not.toBeInTheDocument();
    expect(screen.queryByText('Why')).not.toBeInTheDocument();
  });
});
