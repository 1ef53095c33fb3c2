import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { routePatterns } from '@/app/paths';
import type { Schemas } from '@/lib/api-client';
import { json, stubApi, type Route } from '@/test/fetch-stub';
import { applicantFixture, applicationFixture, coverFixture, productOfferFixture } from '@/test/fixtures';
import { renderRoute } from '@/test/render';
import { QuoteRoute } from './quote-route';
import { upsellBounds } from './upsell-model';

type Application = Schemas['Application'];

const APPLICATION = '/api/v1/application/1001';
const PRODUCTS = '/api/v1/backendforfrontend/products';
const UNLOCK = '/api/v1/backendforfrontend/application/unlockquoteedit/1001';
const UPSELL = '/api/v1/actions/upsellcover';

function stub(application: Application, more: Route[] = []) {
  return stubApi([
    { method: 'GET', path: APPLICATION, respond: () => json(application) },
    { method: 'GET', path: PRODUCTS, respond: () => json(productOfferFixture()) },
    ...more,
  ]);
}

const renderQuote = () => renderRoute(<QuoteRoute />, { path: routePatterns.quote, url: '/application/1001/quote' });

const applied = (overrides: Partial<Application> = {}) =>
  applicationFixture({
    status: 'APPLY',
    isQuoteEditable: false,
    canUnlockQuoteEdit: true,
    applicants: [applicantFixture({ covers: [coverFixture()] })],
    ...overrides,
  });

describe('unlocking quote editing (HB1)', () => {
  it('is offered where the server allows it and, once confirmed, makes the quote editable', async () => {
    const { requests } = stub(applied(), [
      { method: 'POST', path: UNLOCK, respond: () => json(applied({ status: 'QUOTE', isQuoteEditable: true, canUnlockQuoteEdit: false })) },
    ]);
    const user = userEvent.setup();
    renderQuote();

    expect(await screen.findByText('This quote can no longer be changed, so its covers are shown read-only.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Add cover for Alan Turing' })).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Unlock quote editing' }));
    expect(await screen.findByText(/Any change to the clients or covers withdraws the price/)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Yes, unlock' }));

    expect(await screen.findByRole('button', { name: 'Add cover for Alan Turing' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Unlock quote editing' })).not.toBeInTheDocument();
    expect(requests.filter((r) => r.url.pathname === UNLOCK)).toHaveLength(1);
  });

  it('is not offered where the server does not allow it', async () => {
    stub(applied({ status: 'DECISION', canUnlockQuoteEdit: false }));
    renderQuote();
    expect(await screen.findByText('This quote can no longer be changed, so its covers are shown read-only.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Unlock quote editing' })).not.toBeInTheDocument();
  });
});

describe('restricted cover (HB3)', () => {
  it('tags the cover that carries a 412 error, with its message, and says why the quote cannot go on', async () => {
    const message = 'Restricted cover: for a client aged 55 or over, Critical Illness above £300,000 can be arranged only on restricted terms by our new business team. Reduce the cover amount to £300,000 or less to quote and apply here.';
    stub(
      applicationFixture({
        status: 'QUOTE',
        isRestrictedCover: true,
        priceReadiness: 'needsFixes',
        applicants: [
          applicantFixture({
            age: 56,
            covers: [
              coverFixture({ id: 'cover-1', productType: 'ci', coverAmount: 400000, term: 10, errors: [{ message, status: 412, field: 'coverAmount' }] }),
              coverFixture({ id: 'cover-2', coverAmount: 100000 }),
            ],
          }),
        ],
      }),
    );
    renderQuote();

    const alan = await screen.findByRole('region', { name: 'Alan Turing' });
    const ci = within(alan).getByRole('listitem', { name: /Critical Illness/ });
    expect(within(ci).getByText('Restricted cover')).toBeInTheDocument();
    expect(ci).toHaveTextContent(message);
    const life = within(alan).getByRole('listitem', { name: /Life Protection/ });
    expect(within(life).queryByText('Restricted cover')).not.toBeInTheDocument();
    expect(screen.getByText(/can be arranged only on restricted terms by our new business team\. Bring it within/)).toBeInTheDocument();
    // Pricing and applying wait for it: no Price button, and the reason shown.
    expect(screen.queryByRole('button', { name: 'Price the quote' })).not.toBeInTheDocument();
    expect(screen.getByText('Correct the problems shown under the covers to see the price.')).toBeInTheDocument();
  });
});

describe('upsell at the decision (HB2)', () => {
  const atDecision = (overrides: Partial<Application> = {}) =>
    applicationFixture({
      status: 'DECISION',
      isQuoteEditable: false,
      canUpsellCover: true,
      applicants: [applicantFixture({ age: 56, covers: [coverFixture({ id: 'cover-1', productType: 'ci', coverAmount: 250000, term: 10, decision: 'standardterms' })] })],
      ...overrides,
    });

  it('raises a cover within the product’s and the age band’s bounds and sends only the new amount', async () => {
    const { requests } = stub(atDecision(), [{ method: 'PATCH', path: UPSELL, respond: () => json(atDecision()) }]);
    const user = userEvent.setup();
    const { router } = renderQuote();

    await user.click(await screen.findByRole('button', { name: 'Increase cover: Critical Illness' }));
    const dialog = await screen.findByRole('dialog', { name: 'Increase Critical Illness' });
    expect(dialog).toHaveTextContent('Between £250,001 and £300,000: above £300,000 cover for a client aged 55 or over is restricted cover');
    const amount = within(dialog).getByLabelText('New cover amount');
    await user.type(amount, '300001');
    await user.click(within(dialog).getByRole('button', { name: 'Increase cover' }));
    expect(await within(dialog).findByText('Enter an amount between £250,001 and £300,000')).toBeInTheDocument();
    expect(requests.filter((r) => r.url.pathname === UPSELL)).toHaveLength(0);

    await user.clear(amount);
    await user.type(amount, '300000');
    await user.click(within(dialog).getByRole('button', { name: 'Increase cover' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/application/1001/decision'));
    const sent = requests.find((r) => r.url.pathname === UPSELL);
    expect(sent?.body).toEqual({
      applicationId: 1001,
      applicantId: 'applicant-1',
      cover: { id: 'cover-1', productType: 'ci', coverType: 'level', coverAmount: 300000, monthlyBenefit: null, term: 10, toAge: null, deferredPeriod: null, paymentPeriod: null, riders: [] },
    });
  });

  it('is not offered where the server does not allow it, nor on a cover not offered', async () => {
    stub(
      atDecision({
        applicants: [
          applicantFixture({
            covers: [
              coverFixture({ id: 'cover-1', decision: 'declined' }),
              coverFixture({ id: 'cover-2', productType: 'ci', coverAmount: 100000, decision: 'standardterms' }),
            ],
          }),
        ],
      }),
    );
    renderQuote();
    expect(await screen.findByRole('button', { name: 'Increase cover: Critical Illness' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Increase cover: Life Protection' })).not.toBeInTheDocument();
  });

  it('is not offered once the server says no (after the policy is in force)', async () => {
    stub(atDecision({ canUpsellCover: false }));
    renderQuote();
    await screen.findByRole('region', { name: 'Alan Turing' });
    expect(screen.queryByRole('button', { name: /^Increase/ })).not.toBeInTheDocument();
  });

  it('bounds an increase by the product’s maximum, or the age band’s restricted amount', () => {
    const offer = productOfferFixture();
    const ci = offer.products.find((p) => p.productType === 'ci');
    if (!ci) throw new Error('no ci');
    const cover = coverFixture({ productType: 'ci', coverAmount: 250000 });
    expect(upsellBounds(ci, cover, 49)).toMatchObject({ min: 250001, max: 2000000, restrictedFromAge: null });
    expect(upsellBounds(ci, cover, 50)).toMatchObject({ max: 500000, restrictedFromAge: 50 });
    expect(upsellBounds(ci, cover, 55)).toMatchObject({ max: 300000, restrictedFromAge: 55 });
    expect(upsellBounds(ci, coverFixture({ productType: 'ci', coverAmount: 300000 }), 55)).toBeNull();
    expect(upsellBounds(ci, coverFixture({ productType: 'ci', coverAmount: 2000000 }), 30)).toBeNull();
  });
});
