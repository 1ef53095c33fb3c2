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

describe('a cover an underwriter decided', () => {
  it('names the underwriter, and never credits the rulebook with the decision', () => {
    const cover = asthmaDisclosed.covers[0];
    if (!cover) throw new Error('a cover');
    const decided: Schemas['ApplicantOutcome'] = {
      ...asthmaDisclosed,
      covers: [
        {
          ...cover,
          manual: {
            decision: 'standardterms',
            loading: 0,
            exclusion: null,
            postponeMonths: null,
            reason: 'GP report shows the asthma well controlled.',
            decidedBy: { id: 'underwriter1', name: 'Ruth Evans' },
            decidedAt: '2026-11-25T11:00:00Z',
            referredAs: 'referredtouw',
            referredSummary: 'Asthma with a hospital admission: refer.',
          },
        },
      ],
    };
    render(<OutcomeSummary outcome={decided} />);
    expect(screen.getByText(/^Decided by Ruth Evans on 25\/11\/2026/)).toBeInTheDocument();
    expect(screen.getByText('Referred by rulebook sample-2026.11.1; decided by an underwriter, as shown above')).toBeInTheDocument();
    expect(screen.queryByText(/^Decided by rulebook/)).not.toBeInTheDocument();
  });
});
