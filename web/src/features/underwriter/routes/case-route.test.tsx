import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { routePatterns } from '@/app/paths';
import type { Schemas } from '@/lib/api-client';
import { json, problem, stubApi } from '@/test/fetch-stub';
import { evidenceRequestFixture, referralFixture } from '@/test/fixtures';
import { renderRoute } from '@/test/render';
import { claimedBy, referredCase } from '../fixtures';
import { CaseRoute } from './case-route';

const CASE = '/api/v1/underwriter/cases/1001';

function render() {
  return renderRoute(<CaseRoute />, { path: routePatterns.workbenchCase, url: '/workbench/1001' });
}

describe('a referred case on the workbench', () => {
  it('shows the rules that referred each cover with the answers they read, the answers by section and AMRA, and claims the case', async () => {
    const { requests } = stubApi([
      { method: 'GET', path: CASE, respond: () => json(referredCase()) },
      { method: 'POST', path: `${CASE}/claim`, respond: () => json(claimedBy(referredCase())) },
    ]);
    render();

    expect(await screen.findByRole('heading', { level: 1, name: 'Application 1001 · Alan Turing' })).toBeInTheDocument();
    expect(screen.getByText(/Priya Shah/)).toBeInTheDocument();
    expect(screen.getByText('Blood pressure not controlled: an underwriter must review')).toBeInTheDocument();
    expect(screen.getByText('Rule HYPERTENSION-UNCONTROLLED')).toBeInTheDocument();
    expect(screen.getByText('No, never')).toBeInTheDocument();
    expect(screen.getByText('Given on 20/11/2026')).toBeInTheDocument();
    expect(screen.getByText('Nobody has claimed this case yet.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Record the decision' })).not.toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'Claim this case' }));
    expect(await screen.findByText('You are working on this case.')).toBeInTheDocument();
    expect(requests.filter((r) => r.method === 'POST')).toHaveLength(1);
    expect(screen.getByRole('button', { name: 'Record the decision' })).toBeInTheDocument();
  });

  it('offers to take over a case another underwriter holds, and shows who has held it', async () => {
    const held = claimedBy(referredCase(), 'Sam Okafor', false);
    held.application.referral.claims = [
      { kind: 'claimed', at: '2026-11-25T09:00:00Z', underwriter: { id: 'underwriter1', name: 'Ruth Ellis' } },
      { kind: 'takenOver', at: '2026-11-26T10:15:00Z', underwriter: { id: 'underwriter2', name: 'Sam Okafor' }, from: { id: 'underwriter1', name: 'Ruth Ellis' } },
    ];
    stubApi([{ method: 'GET', path: CASE, respond: () => json(held) }]);
    render();
    expect(await screen.findByText('Sam Okafor is working on this case.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Take over from Sam Okafor' })).toBeInTheDocument();
    expect(screen.getByText('Claimed by Ruth Ellis on 25/11/2026 09:00; taken over by Sam Okafor from Ruth Ellis on 26/11/2026 10:15')).toBeInTheDocument();
  });

  it('records a loading with its reason, and names the fields the server refuses', async () => {
    let attempts = 0;
    const { requests } = stubApi([
      { method: 'GET', path: CASE, respond: () => json(claimedBy(referredCase())) },
      {
        method: 'POST',
        path: `${CASE}/decision`,
        respond: () => {
          attempts += 1;
          if (attempts === 1) {
            return problem(422, { title: 'Unprocessable Entity', detail: 'The loading must be from 1% to 300%, the most the insurer offers', errors: [{ field: 'loadingPercent', message: 'The loading must be from 1% to 300%, the most the insurer offers' }] });
          }
          return json(claimedBy(referredCase({ referred: [] }, { status: 'DECISION', referral: referralFixture({ referredAt: '2026-11-24T10:20:00Z', decidedAt: '2026-11-26T10:00:00Z' }) })));
        },
      },
    ]);
    render();

    const form = await screen.findByRole('region', { name: 'Decide Alan Turing: Life Protection' });
    // No terms are chosen for the underwriter; recording without a choice asks for one.
    for (const radio of within(form).getAllByRole('radio')) expect(radio).not.toBeChecked();
    await userEvent.click(within(form).getByRole('button', { name: 'Record the decision' }));
    expect(await within(form).findByText('Choose the terms for this cover')).toBeInTheDocument();
    expect(requests.some((r) => r.method === 'POST')).toBe(false);
    await userEvent.click(within(form).getByRole('radio', { name: 'A loading' }));
    await userEvent.type(within(form).getByLabelText('Loading (% of the premium)'), '250');
    await userEvent.type(within(form).getByLabelText('Reason for the adviser'), 'Controlled on treatment');
    await userEvent.click(within(form).getByRole('button', { name: 'Record the decision' }));
    await waitFor(() => expect(within(form).getAllByText('The loading must be from 1% to 300%, the most the insurer offers').length).toBeGreaterThan(0));
    expect(requests.find((r) => r.method === 'POST')?.body).toEqual({
      applicantId: 'applicant-1',
      coverId: 'cover-1',
      decision: 'loading',
      loadingPercent: 250,
      exclusion: null,
      postponeMonths: null,
      reason: 'Controlled on treatment',
    });

    await userEvent.click(within(form).getByRole('button', { name: 'Record the decision' }));
    expect(await screen.findByText(/Every referred cover was decided on 26\/11\/2026/)).toBeInTheDocument();
  });

  it('asks for evidence with the kind’s defaults shown, and records it received with its PDF', async () => {
    // The fixture's GP report, asked for today and chased once.
    const gp = evidenceRequestFixture({
      requestedAt: '2026-11-26T10:00:00Z',
      firstExpectedBy: '2026-12-24',
      expectedBy: '2026-12-31',
      chases: [{ chasedOn: '2026-12-25', at: '2026-12-25T00:00:00Z', expectedBy: '2026-12-31' }],
    });
    const asked = claimedBy(referredCase({}, { referral: referralFixture({ referredAt: '2026-11-24T10:20:00Z', evidence: [gp] }) }));
    const received = claimedBy(
      referredCase({}, { referral: referralFixture({ referredAt: '2026-11-24T10:20:00Z', evidence: [{ ...gp, status: 'received', received: { at: '2027-01-02T09:00:00Z', by: { id: 'underwriter1', name: 'Ruth Ellis' }, document: { id: 'd1', fileName: 'gp.pdf' }, heldUntil: null } }] }) }),
    );
    const { requests } = stubApi([
      { method: 'GET', path: CASE, respond: () => json(claimedBy(referredCase())) },
      { method: 'POST', path: `${CASE}/evidence`, respond: () => json(asked) },
      { method: 'POST', path: `${CASE}/evidence/e1/received`, respond: () => json(received) },
    ]);
    render();

    const ask = await screen.findByRole('region', { name: 'Ask for evidence' });
    await userEvent.click(within(ask).getByRole('combobox', { name: 'Evidence' }));
    await userEvent.click(await screen.findByRole('option', { name: 'GP report' }));
    expect(within(ask).getByText('Left empty: 28 days from today')).toBeInTheDocument();
    expect(within(ask).getByText('Needs the client’s AMRA consent')).toBeInTheDocument();
    await userEvent.click(within(ask).getByRole('button', { name: 'Ask for it' }));
    const row = await screen.findByRole('row', { name: /GP report/ });
    expect(within(row).getByText('Expected by 31/12/2026')).toBeInTheDocument();
    expect(within(row).getByText('Chased once, first expected by 24/12/2026')).toBeInTheDocument();
    expect(requests.find((r) => r.url.pathname === `${CASE}/evidence`)?.body).toEqual({ applicantId: 'applicant-1', kind: 'gpReport', expectedBy: null, provider: null });

    const file = new File(['%PDF-1.4 report'], 'gp.pdf', { type: 'application/pdf' });
    await userEvent.upload(within(row).getByLabelText('Document for the GP report (PDF, at most 10 MB)'), file);
    await userEvent.click(within(row).getByRole('button', { name: 'Record as received' }));
    expect(await screen.findByRole('button', { name: 'Download gp.pdf' })).toBeInTheDocument();
    const upload = requests.find((r) => r.url.pathname === `${CASE}/evidence/e1/received`);
    expect(upload?.headers.get('content-type')).toMatch(/^multipart\/form-data; boundary=/);
  });

  it('posts an update for the adviser and lists every update with who wrote it', async () => {
    const update: Schemas['UnderwritingUpdate'] = { date: '26/11/2026', time: '10:30', update: 'Reviewing the GP notes.', postedAt: '2026-11-26T10:30:00Z', author: 'Ruth Ellis, underwriter' };
    const { requests } = stubApi([
      { method: 'GET', path: CASE, respond: () => json(claimedBy(referredCase())) },
      { method: 'POST', path: `${CASE}/updates`, respond: () => json(claimedBy(referredCase({}, { underwritingUpdates: [update] }))) },
    ]);
    render();
    await userEvent.type(await screen.findByLabelText('Update for the adviser'), 'Reviewing the GP notes.');
    await userEvent.click(screen.getByRole('button', { name: 'Post the update' }));
    const updates = screen.getByRole('region', { name: 'Underwriting updates' });
    expect(await within(updates).findByText('Reviewing the GP notes.')).toBeInTheDocument();
    expect(within(updates).getByText('Ruth Ellis, underwriter')).toBeInTheDocument();
    expect(requests.find((r) => r.method === 'POST')?.body).toEqual({ text: 'Reviewing the GP notes.' });
    expect(screen.getByLabelText('Update for the adviser')).toHaveValue('');
  });

  it('says plainly when the case was never referred', async () => {
    stubApi([{ method: 'GET', path: CASE, respond: () => problem(404, { title: 'Not Found', detail: 'Application not found' }) }]);
    render();
    expect(await screen.findByText('This case was never referred to underwriting, or does not exist.')).toBeInTheDocument();
  });
});
