import { screen, waitFor, within } from '@testing-library/react';
import userEvent, { type UserEvent } from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { dayjs } from '@/lib/dayjs';
import { adviserFixture, quoteFixture } from '@/test/fixtures';
import { json } from '@/test/fetch-stub';
import { formItemOf } from '@/test/antd';
import { PRICE, pricedApplication, renderContactDetails, stubContactDetails } from './contact-details-harness';

const ADVISED = '/api/v1/backendforfrontend/application/isAdvisedSale';
const MORTGAGE = '/api/v1/backendforfrontend/application/isMortgageRelated';
const COMMISSION = '/api/v1/backendforfrontend/application/commission';

function adviserWith(settings: Partial<ReturnType<typeof adviserFixture>['uxSettings']>) {
  const adviser = adviserFixture();
  return { ...adviser, uxSettings: { ...adviser.uxSettings, ...settings } };
}

async function applicationCard() {
  return screen.findByRole('region', { name: 'The application' });
}

/** The options an antd Select offers, by their visible text. */
async function optionsOf(user: UserEvent, scope: HTMLElement, label: string): Promise<string[]> {
  await user.click(within(scope).getByLabelText(label));
  const list = await screen.findByRole('listbox');
  const popup = list.closest<HTMLElement>('.ant-select-dropdown');
  if (!popup) throw new Error('no select popup');
  return Array.from(popup.querySelectorAll('.ant-select-item-option')).map((option) => option.textContent);
}

describe('contact details page: the application card', () => {
  it('saves the mortgage answer as soon as it is given', async () => {
    const { requests } = stubContactDetails(pricedApplication(), [
      { method: 'POST', path: MORTGAGE, respond: () => json(pricedApplication({ isMortgageRelated: true })) },
    ]);
    const user = userEvent.setup();
    renderContactDetails();

    const card = await applicationCard();
    const mortgage = within(card).getByRole('radiogroup', { name: 'Is the cover for a mortgage?' });
    await user.click(within(mortgage).getByRole('radio', { name: 'Yes' }));

    await waitFor(() => expect(within(mortgage).getByRole('radio', { name: 'Yes' })).toBeChecked());
    expect(requests.find((request) => request.url.pathname === MORTGAGE)?.body).toEqual({ id: 1001, isMortgageRelated: true });
    expect(within(card).getByRole('radiogroup', { name: 'Is this an advised sale?' })).toBeInTheDocument();
  });

  it('sends nothing for an always-advised adviser when the sale is already advised', async () => {
    const { requests } = stubContactDetails(pricedApplication({ isAdvisedSale: true }), [], adviserWith({ isAlwaysAdvised: true }));
    renderContactDetails();

    await applicationCard();
    await screen.findByText('Total a month');
    expect(requests.filter((request) => request.url.pathname === ADVISED)).toHaveLength(0);
  });

  it('saves the reference, refusing one over 50 characters first', async () => {
    const { requests } = stubContactDetails(pricedApplication(), [
      { method: 'POST', path: '/api/v1/backendforfrontend/application/thirdPartyRef', respond: () => json(pricedApplication({ thirdPartyRef: 'CASE-8' })) },
    ]);
    const user = userEvent.setup();
    renderContactDetails();

    const card = await applicationCard();
    const reference = within(card).getByLabelText('Your reference');
    await user.type(reference, 'x'.repeat(51));
    await user.click(within(card).getByRole('button', { name: 'Save reference' }));
    expect(await within(formItemOf(reference)).findByText('Your reference must be 50 characters or fewer')).toBeInTheDocument();

    await user.clear(reference);
    await user.type(reference, ' CASE-8 ');
    await user.click(within(card).getByRole('button', { name: 'Save reference' }));
    await waitFor(() => expect(requests.some((request) => request.method === 'POST')).toBe(true));
    expect(requests.find((request) => request.method === 'POST')?.body).toEqual({ id: 1001, thirdPartyRef: 'CASE-8' });
  });

  it('offers only the commission styles the adviser may choose, and prices the quote again after saving', async () => {
    const saved = pricedApplication({ initialIndemnityPercentage: 0, initialCommissionSacrificePercentage: 10, quote: null });
    const repriced = { ...saved, quote: quoteFixture({ premium: 21.1 }) };
    const { requests } = stubContactDetails(pricedApplication(), [
      { method: 'POST', path: COMMISSION, respond: () => json(saved) },
      { method: 'GET', path: PRICE, respond: () => json(repriced) },
    ]);
    const user = userEvent.setup();
    renderContactDetails();

    const card = await applicationCard();
    expect(within(card).getByText('£23.45 a month')).toBeInTheDocument();
    expect(await optionsOf(user, card, 'Commission style')).toEqual(['Indemnity', 'Non-indemnity']);
    const nonIndemnity = (await screen.findAllByTitle('Non-indemnity')).find((element) => element.classList.contains('ant-select-item-option'));
    if (!nonIndemnity) throw new Error('no Non-indemnity option');
    await user.click(nonIndemnity);
    expect(within(card).queryByLabelText('Indemnity paid up front (%)')).not.toBeInTheDocument();
    const sacrifice = within(card).getByLabelText('Commission sacrifice (%)');
    await user.clear(sacrifice);
    await user.type(sacrifice, '10');
    await user.click(within(card).getByRole('button', { name: 'Save commission' }));

    expect(await within(card).findByText('Re-priced: £21.10 a month')).toBeInTheDocument();
    expect(within(card).getByText('£21.10 a month')).toBeInTheDocument();
    expect(requests.find((request) => request.url.pathname === COMMISSION)?.body).toEqual({
      id: 1001,
      initialCommissionSacrificePercentage: 10,
      initialIndemnityPercentage: 0,
    });
    const order = requests.filter((request) => request.method !== 'GET' || request.url.pathname === PRICE).map((request) => request.url.pathname);
    expect(order).toEqual([COMMISSION, PRICE]);
  });

  it('offers hybrid commission with configureHybridCommission, and checks the share before sending', async () => {
    const { requests } = stubContactDetails(pricedApplication(), [], adviserWith({ configureHybridCommission: true }));
    const user = userEvent.setup();
    renderContactDetails();

    const card = await applicationCard();
    expect(await optionsOf(user, card, 'Commission style')).toEqual(['Indemnity', 'Non-indemnity', 'Hybrid']);
    const hybrid = (await screen.findAllByTitle('Hybrid')).find((element) => element.classList.contains('ant-select-item-option'));
    if (!hybrid) throw new Error('no Hybrid option');
    await user.click(hybrid);
    await user.type(within(card).getByLabelText('Indemnity paid up front (%)'), '33.333');
    await user.click(within(card).getByRole('button', { name: 'Save commission' }));

    expect(await within(card).findByText('Indemnity must be from 0% to 100%, to at most two decimal places')).toBeInTheDocument();
    expect(requests.filter((request) => request.url.pathname === COMMISSION)).toHaveLength(0);
  });

  it('shows a fixed indemnity share as text, not a choice', async () => {
    stubContactDetails(pricedApplication(), [], adviserWith({ fixedIndemnityPercentage: 33.5 }));
    renderContactDetails();

    const card = await applicationCard();
    expect(within(card).getByText('Hybrid · Indemnity: 33.5%, fixed for your firm')).toBeInTheDocument();
    expect(within(card).queryByRole('combobox', { name: 'Commission style' })).not.toBeInTheDocument();
    expect(within(card).getByLabelText('Commission sacrifice (%)')).toBeInTheDocument();
  });

  it('lets an adviser with overrideQuoteDate go to 90 days', async () => {
    stubContactDetails(pricedApplication(), [], adviserWith({ overrideQuoteDate: true }));
    renderContactDetails();

    const card = await applicationCard();
    const today = dayjs().startOf('day');
    expect(within(card).getByText(`Between ${today.format('DD/MM/YYYY')} and ${today.add(90, 'day').format('DD/MM/YYYY')}`)).toBeInTheDocument();
  });

  it('offers to re-price an expired quote', async () => {
    const expired = pricedApplication({ quote: null, isQuoteExpired: true, quoteExpiredOn: '2025-03-20' });
    const { requests } = stubContactDetails(expired, [{ method: 'GET', path: PRICE, respond: () => json(pricedApplication()) }]);
    const user = userEvent.setup();
    renderContactDetails();

    const card = await applicationCard();
    expect(within(card).getByText('This quote has expired')).toBeInTheDocument();
    expect(within(card).getByText('The quote was valid until 20/03/2025. Re-price it before applying.')).toBeInTheDocument();
    await user.click(within(card).getByRole('button', { name: /Re-price/ }));

    expect(await within(card).findByText('£23.45 a month')).toBeInTheDocument();
    expect(within(card).queryByText('This quote has expired')).not.toBeInTheDocument();
    expect(requests.filter((request) => request.url.pathname === PRICE)).toHaveLength(1);
  });

  it('shows the questions read-only once applied for', async () => {
    stubContactDetails(pricedApplication({ status: 'APPLY', applicationStatus: 'Apply', isQuoteEditable: false, isMortgageRelated: false, isAdvisedSale: true }));
    renderContactDetails();

    const card = await applicationCard();
    expect(screen.getByText('This application has been applied for, so its answers and declarations can no longer be changed.')).toBeInTheDocument();
    const mortgage = within(card).getByRole('radiogroup', { name: 'Is the cover for a mortgage?' });
    expect(within(mortgage).getByRole('radio', { name: 'No' })).toBeChecked();
    expect(within(mortgage).getByRole('radio', { name: 'Yes' })).toBeDisabled();
    expect(within(card).queryByRole('button', { name: 'Save commission' })).not.toBeInTheDocument();
    expect(within(card).getByLabelText('Quote valid until')).toBeDisabled();
    // Contact details stay open until underwriting starts.
    expect(within(screen.getByRole('region', { name: 'Client 1' })).getByLabelText('Telephone')).toBeEnabled();
  });
});
