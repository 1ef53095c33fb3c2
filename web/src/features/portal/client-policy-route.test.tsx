import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { routePatterns } from '@/app/paths';
import type { Schemas } from '@/lib/api-client';
import { json, stubApi } from '@/test/fetch-stub';
import { coverFixture } from '@/test/fixtures';
import { renderRoute } from '@/test/render';
import { ClientPolicyRoute } from './routes/client-policy-route';

const policy: Schemas['ClientPolicy'] = {
  policyReference: 'PP0010000115',
  holderName: 'Grace Hopper',
  status: 'inForce',
  statusLabel: 'In force',
  startsOn: '2026-11-21',
  monthlyPremium: 30.26,
  applicationId: 100001,
  cancellationEndsOn: '2026-12-21',
  covers: [{ cover: coverFixture({ coverAmount: 150000, term: 20 }), terms: 'Standard terms', loading: 0, exclusions: [], premium: 27.26, endsOn: '2046-11-21' }],
  documents: [],
  adviser: null,
};

describe('a client’s policy', () => {
  it('names the policy fee between the monthly premium and the covers’ premiums', async () => {
    stubApi([{ method: 'GET', path: '/api/v1/portal/policies/PP0010000115', respond: () => json(policy) }]);
    renderRoute(<ClientPolicyRoute />, { path: routePatterns.clientPolicy, url: '/portal/policies/PP0010000115' });

    expect(await screen.findByText('£30.26, including the £3.00 policy fee')).toBeInTheDocument();
    expect(screen.getByText(/£27.26 a month/)).toBeInTheDocument();
    expect(screen.getByText(/^Policy fee: £3.00 a month/)).toBeInTheDocument();
  });
});
