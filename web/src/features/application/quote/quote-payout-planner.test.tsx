import { screen, waitFor, within } from '@testing-library/react';
import userEvent, { type UserEvent } from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { routePatterns } from '@/app/paths';
import type { Schemas } from '@/lib/api-client';
import { json, problem, stubApi, type Route } from '@/test/fetch-stub';
import { adviserFixture, applicantFixture, applicationFixture, coverFixture, productOfferFixture } from '@/test/fixtures';
import { renderRoute } from '@/test/render';
import { formItemOf } from '@/test/antd';
import { QuoteRoute } from './quote-route';

type Application = Schemas['Application'];
type BenefitAllocation = Schemas['BenefitAllocation'];

const NOT_OFFERED = 'Payout Planner is not available for your firm. To direct the payout, send the client a trust form.';
const PLANNER = '/api/v1/backendforfrontend/cover/isPayoutPlannerUsed';
const SHARES = '/api/v1/application/1001/applicant/applicant-1/cover/cover-1/benefit-allocations';
const BENEFICIARIES = '/api/v1/application/1001/candidateBeneficiaries';

function share(overrides: Partial<BenefitAllocation>): BenefitAllocation {
  return { id: 'share-1', beneficiary: 'Grace Turing', percent: 60, referenceId: 'child-1', type: 'child', applicantId: 'applicant-1', coverId: 'cover-1', ...overrides };
}

/** Alan with life cover (its planner on or off, with these shares), Ada with income protection, and their daughter Grace. */
function family({ used = true, shares = [], extra = {} }: { used?: boolean; shares?: BenefitAllocation[]; extra?: Partial<Application> } = {}): Application {
  return applicationFixture({
    applicants: [
      applicantFixture({
        covers: [
          coverFixture({ isPayoutPlannerUsed: used, benefitAllocations: shares }),
          coverFixture({ id: 'cover-3', productType: 'ccic', coverAmount: 20000, term: null }),
        ],
      }),
      applicantFixture({
        id: 'applicant-2',
        title: 'Ms',
        firstName: 'Ada',
        lastName: 'Lovelace',
        gender: 'female',
        covers: [coverFixture({ id: 'cover-2', productType: 'ip', coverAmount: null, monthlyBenefit: 2000, term: null, toAge: 65, deferredPeriod: 13, paymentPeriod: 'full' })],
      }),
    ],
    children: [{ id: 'child-1', title: null, firstName: 'Grace', surname: 'Turing', dateOfBirth: '2016-03-14' }],
    ...extra,
  });
}

function stubQuote(application: Application, more: Route[] = [], displayPayoutPlanner = true) {
  const adviser = adviserFixture();
  adviser.uxSettings.displayPayoutPlanner = displayPayoutPlanner;
  return stubApi([
    { method: 'GET', path: '/api/v1/application/1001', respond: () => json(application) },
    { method: 'GET', path: '/api/v1/backendforfrontend/products', respond: () => json(productOfferFixture()) },
    { method: 'GET', path: '/api/v1/backendforfrontend/adviser', respond: () => json(adviser) },
    ...more,
  ]);
}

function renderQuote() {
  return renderRoute(<QuoteRoute />, { path: routePatterns.quote, url: '/application/1001/quote' });
}

async function lifeCover(): Promise<HTMLElement> {
  const alan = await screen.findByRole('region', { name: 'Alan Turing' });
  return within(alan).getByRole('listitem', { name: 'Life Protection' });
}

async function planner(): Promise<HTMLElement> {
  return within(await lifeCover()).findByRole('group', { name: 'Payout planner for Life Protection' });
}

/** The options the open antd Select offers. */
function visibleOptions(): string[] {
  return [...document.querySelectorAll('.ant-select-dropdown:not(.ant-select-dropdown-hidden) .ant-select-item-option')].map((option) => option.textContent);
}

async function chooseWho(user: UserEvent, scope: HTMLElement, name: string, { open = false } = {}) {
  if (!open) await user.click(within(scope).getByLabelText('Beneficiary'));
  const option = [...document.querySelectorAll<HTMLElement>('.ant-select-dropdown:not(.ant-select-dropdown-hidden) .ant-select-item-option')].find(
    (candidate) => candidate.textContent === name,
  );
  if (!option) throw new Error(`no option ${name}; offered ${visibleOptions().join(', ')}`);
  await user.click(option);
}

describe('payout planner on the quote page', () => {
  it('is hidden when the adviser’s firm does not offer it, with the trust form message instead (not on IP or children’s cover)', async () => {
    stubQuote(family({ used: true, shares: [share({})] }), [], false);
    renderQuote();

    const life = await lifeCover();
    expect(await within(life).findByText(NOT_OFFERED)).toBeInTheDocument();
    expect(screen.queryByRole('switch')).not.toBeInTheDocument();
    expect(screen.queryByText('Grace Turing')).not.toBeInTheDocument();
    expect(screen.getAllByText(NOT_OFFERED)).toHaveLength(1);
    const ada = screen.getByRole('region', { name: 'Ada Lovelace' });
    expect(within(ada).queryByText(NOT_OFFERED)).not.toBeInTheDocument();
  });

  it('offers a switch on each cover with a payout, and sends it when turned on', async () => {
    const on = family({ used: true });
    const { requests } = stubQuote(family({ used: false }), [{ method: 'POST', path: PLANNER, respond: () => json(on) }]);
    const user = userEvent.setup();
    renderQuote();

    const group = await planner();
    expect(screen.getAllByRole('switch')).toHaveLength(1);
    expect(screen.queryByText(NOT_OFFERED)).not.toBeInTheDocument();
    const toggle = within(group).getByRole('switch', { name: 'Use the payout planner' });
    expect(toggle).not.toBeChecked();
    expect(within(group).queryByRole('status')).not.toBeInTheDocument();
    await user.click(toggle);

    expect(await within(group).findByText('Add at least one beneficiary to use the payout planner')).toBeInTheDocument();
    expect(within(group).getByRole('switch', { name: 'Use the payout planner' })).toBeChecked();
    expect(requests.find((request) => request.url.pathname === PLANNER)?.body).toEqual({ applicantId: 'applicant-1', coverId: 'cover-1', isPayoutPlannerUsed: true });
  });

  it('shows the running total, offers the remaining share, and adds a share for the other client', async () => {
    const full = family({ shares: [share({}), share({ id: 'share-2', beneficiary: 'Ada Lovelace', percent: 40, referenceId: 'applicant-2', type: 'applicant' })] });
    const { requests } = stubQuote(family({ shares: [share({})] }), [{ method: 'POST', path: SHARES, respond: () => json(full) }]);
    const user = userEvent.setup();
    renderQuote();

    const group = await planner();
    const shares = within(group).getByRole('list', { name: 'Payout shares for Life Protection' });
    expect(within(shares).getByRole('listitem', { name: 'Grace Turing' })).toHaveTextContent('Grace TuringChild60%');
    const total = within(group).getByRole('status');
    expect(total).toHaveTextContent('Total 60%');
    expect(total).toHaveTextContent('The shares must add up to 100% (40% left to share out)');
    expect(within(group).getByLabelText('Share')).toHaveValue('40');

    await user.click(within(group).getByLabelText('Beneficiary'));
    // Grace has her share already, and Alan cannot receive the payout of his own cover.
    expect(visibleOptions()).toEqual(['Ada Lovelace']);
    await chooseWho(user, group, 'Ada Lovelace', { open: true });
    await user.click(within(group).getByRole('button', { name: 'Add share' }));

    await waitFor(() => expect(within(group).getByRole('status')).toHaveTextContent('Total 100%'));
    expect(within(group).getByRole('status')).toHaveTextContent('The shares add up to 100%');
    expect(within(shares).getByRole('listitem', { name: 'Ada Lovelace' })).toHaveTextContent('Client40%');
    // Nothing is left to share out, so there is no form for another share.
    expect(within(group).queryByRole('button', { name: 'Add share' })).not.toBeInTheDocument();
    expect(within(group).queryByRole('button', { name: 'Add a beneficiary' })).not.toBeInTheDocument();
    expect(requests.find((request) => request.method === 'POST')?.body).toEqual({ referenceId: 'applicant-2', percent: 40, type: 'applicant' });
  });

  it('refuses at once a share that would take the total over 100%, or one of 0%', async () => {
    const { requests } = stubQuote(family({ shares: [share({})] }));
    const user = userEvent.setup();
    renderQuote();

    const group = await planner();
    await chooseWho(user, group, 'Ada Lovelace');
    const percent = within(group).getByLabelText('Share');
    await user.clear(percent);
    await user.type(percent, '40.5');
    await user.click(within(group).getByRole('button', { name: 'Add share' }));
    expect(await within(formItemOf(percent)).findByText('The shares would add up to more than 100%')).toBeInTheDocument();

    await user.clear(percent);
    await user.type(percent, '0');
    await user.click(within(group).getByRole('button', { name: 'Add share' }));
    expect(await within(formItemOf(percent)).findByText('Enter a share greater than 0%')).toBeInTheDocument();
    expect(requests.filter((request) => request.method === 'POST')).toHaveLength(0);
  });

  it('allows no more than 8 shares', async () => {
    const eight = Array.from({ length: 8 }, (_, index) =>
      share({ id: `share-${String(index)}`, beneficiary: `Friend ${String(index)}`, percent: 10, referenceId: `b-${String(index)}`, type: 'beneficiary' }),
    );
    stubQuote(family({ shares: eight }));
    renderQuote();

    const group = await planner();
    expect(within(group).getAllByRole('listitem')).toHaveLength(8);
    expect(within(group).getByRole('status')).toHaveTextContent('Total 80%');
    expect(within(group).getByRole('status')).toHaveTextContent('The shares must add up to 100% (20% left to share out)');
    expect(within(group).getByText('A payout can be shared between at most 8 beneficiaries')).toBeInTheDocument();
    expect(within(group).queryByRole('button', { name: 'Add share' })).not.toBeInTheDocument();
  });

  it('shows the server’s refusal beside the share, and a missing beneficiary above the form', async () => {
    let answer = () => problem(422, { title: 'Unprocessable', detail: 'A rule is broken', errors: [{ field: 'percent', message: 'The shares would add up to more than 100%' }] });
    stubQuote(family({ shares: [share({})] }), [{ method: 'POST', path: SHARES, respond: () => answer() }]);
    const user = userEvent.setup();
    renderQuote();

    const group = await planner();
    await chooseWho(user, group, 'Ada Lovelace');
    await user.click(within(group).getByRole('button', { name: 'Add share' }));
    expect(await within(formItemOf(within(group).getByLabelText('Share'))).findByText('The shares would add up to more than 100%')).toBeInTheDocument();

    answer = () => problem(404, { title: 'Not Found', detail: 'Beneficiary not found' });
    await user.click(within(group).getByRole('button', { name: 'Add share' }));
    const alert = await within(group).findByRole('alert');
    expect(alert).toHaveTextContent('Please check the share');
    expect(alert).toHaveTextContent('Beneficiary not found');
  });

  it('edits a share with a PUT naming the same person, and removes one with a DELETE', async () => {
    const edited = family({ shares: [share({ percent: 100 })] });
    const { requests } = stubQuote(family({ shares: [share({})] }), [
      { method: 'PUT', path: `${SHARES}/share-1`, respond: () => json(edited) },
      { method: 'DELETE', path: `${SHARES}/share-1`, respond: () => json(family({ shares: [] })) },
    ]);
    const user = userEvent.setup();
    renderQuote();

    const group = await planner();
    await user.click(within(group).getByRole('button', { name: 'Edit the share for Grace Turing' }));
    const editor = within(group).getByRole('listitem', { name: 'Edit the share for Grace Turing' });
    const percent = within(editor).getByLabelText('Share');
    expect(percent).toHaveValue('60');
    await user.clear(percent);
    await user.type(percent, '100');
    await user.click(within(editor).getByRole('button', { name: 'Save' }));

    await waitFor(() => expect(within(group).getByRole('status')).toHaveTextContent('Total 100%'));
    expect(requests.find((request) => request.method === 'PUT')?.body).toEqual({ referenceId: 'child-1', percent: 100, type: 'child' });

    await user.click(within(group).getByRole('button', { name: 'Remove the share for Grace Turing' }));
    expect(await within(group).findByText('Add at least one beneficiary to use the payout planner')).toBeInTheDocument();
    expect(within(group).getByRole('status')).toHaveTextContent('Total 0%');
    expect(requests.filter((request) => request.method === 'DELETE').map((request) => request.url.pathname)).toEqual([`${SHARES}/share-1`]);
  });

  it('adds a beneficiary with a small form, then offers them for the share', async () => {
    const withCharles = family({
      extra: { candidateBeneficiaries: [{ id: 'b-1', title: null, firstName: 'Charles', lastName: 'Babbage', relationship: 'Friend', dateOfBirth: '1971-12-26' }] },
    });
    const { requests } = stubQuote(family(), [
      { method: 'POST', path: BENEFICIARIES, respond: () => json(withCharles) },
      { method: 'POST', path: SHARES, respond: () => json(withCharles) },
    ]);
    const user = userEvent.setup();
    renderQuote();

    const group = await planner();
    await user.click(within(group).getByRole('button', { name: 'Add a beneficiary' }));
    const form = within(group).getByRole('group', { name: 'Add a beneficiary' });
    await user.click(within(form).getByRole('button', { name: 'Add beneficiary' }));
    expect(await within(form).findByText('Please enter the beneficiary’s first name')).toBeInTheDocument();
    expect(requests.some((request) => request.url.pathname === BENEFICIARIES)).toBe(false);

    await user.type(within(form).getByLabelText('First name'), 'Charles');
    await user.type(within(form).getByLabelText('Last name'), 'Babbage');
    await user.type(within(form).getByLabelText('Relationship to the client'), 'Friend');
    await user.type(within(form).getByLabelText('Date of birth (optional)'), '26/12/1971{Enter}');
    await user.click(within(form).getByRole('button', { name: 'Add beneficiary' }));

    await waitFor(() => expect(within(group).queryByRole('group', { name: 'Add a beneficiary' })).not.toBeInTheDocument());
    expect(requests.find((request) => request.url.pathname === BENEFICIARIES)?.body).toEqual({
      title: null,
      firstName: 'Charles',
      lastName: 'Babbage',
      relationship: 'Friend',
      dateOfBirth: '1971-12-26',
    });
    // The new beneficiary is chosen for the next share, with the whole payout left to share out.
    expect(within(formItemOf(within(group).getByLabelText('Beneficiary'))).getByTitle('Charles Babbage')).toBeInTheDocument();
    await user.click(within(group).getByRole('button', { name: 'Add share' }));
    await waitFor(() => expect(requests.filter((request) => request.url.pathname === SHARES)).toHaveLength(1));
    expect(requests.find((request) => request.url.pathname === SHARES)?.body).toEqual({ referenceId: 'b-1', percent: 100, type: 'beneficiary' });
  });

  it('shows the shares read-only when the quote cannot be changed', async () => {
    stubQuote(family({ shares: [share({ percent: 100 })], extra: { isQuoteEditable: false, status: 'APPLY' } }));
    renderQuote();

    const group = await planner();
    expect(within(group).getByRole('switch', { name: 'Use the payout planner' })).toBeDisabled();
    expect(within(group).getByRole('listitem', { name: 'Grace Turing' })).toHaveTextContent('100%');
    expect(within(group).queryByRole('button')).not.toBeInTheDocument();
  });
});
