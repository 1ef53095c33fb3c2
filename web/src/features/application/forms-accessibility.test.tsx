import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { routePatterns } from '@/app/paths';
import { axeViolations, describeViolations } from '@/test/axe';
import { json, stubApi } from '@/test/fetch-stub';
import { errorsNotTiedToTheirField } from '@/test/field-errors';
import { applicationFixture, productOfferFixture } from '@/test/fixtures';
import { renderRoute } from '@/test/render';
import { choose } from '@/test/antd';
import { ClientDetailsRoute } from './client-details/client-details-route';
import { QuoteRoute } from './quote/quote-route';

describe('client and cover forms: axe-core WCAG 2.2 A/AA (issue #15)', () => {
  it('the client details form has no violations, before and after its field errors show', async () => {
    stubApi([{ method: 'GET', path: '/api/v1/application/1001', respond: () => json(applicationFixture()) }]);
    const user = userEvent.setup();
    renderRoute(<ClientDetailsRoute />, { path: routePatterns.clientDetails, url: '/application/1001/client-details' });

    const card = await screen.findByRole('region', { name: 'Client 1' });
    expect(within(card).getAllByRole('radiogroup').length).toBeGreaterThan(0);
    expect(describeViolations(await axeViolations(document.body))).toEqual([]);

    // Empty a required field and save, so the form shows its errors (aria-invalid, aria-describedby).
    await user.clear(within(card).getByLabelText('First name'));
    await user.click(within(card).getByRole('button', { name: 'Save changes' }));
    await within(card).findAllByRole('alert');
    expect(describeViolations(await axeViolations(document.body))).toEqual([]);
    expect(errorsNotTiedToTheirField()).toEqual([]);
  });

  it('the cover form has no violations, with its required radio groups and their errors', async () => {
    stubApi([
      { method: 'GET', path: '/api/v1/application/1001', respond: () => json(applicationFixture()) },
      { method: 'GET', path: '/api/v1/backendforfrontend/products', respond: () => json(productOfferFixture()) },
    ]);
    const user = userEvent.setup();
    renderRoute(<QuoteRoute />, { path: routePatterns.quote, url: '/application/1001/quote' });

    const card = await screen.findByRole('region', { name: 'Alan Turing' });
    await user.click(within(card).getByRole('button', { name: 'Add cover for Alan Turing' }));
    const drawer = await screen.findByRole('dialog', { name: 'Add cover for Alan Turing' });
    // Focus goes into the drawer's first field, not its frame (from which Tab would find nothing visible).
    await waitFor(() => expect(within(drawer).getByRole('combobox', { name: 'Product' })).toHaveFocus());
    await choose(user, drawer, 'Product', 'Income Protection');
    expect(within(drawer).getAllByRole('radiogroup').length).toBeGreaterThan(0);
    expect(describeViolations(await axeViolations(document.body))).toEqual([]);

    // Submit it empty, so every required field (the payment period radio group too) shows its error.
    await user.click(within(drawer).getByRole('button', { name: 'Add cover' }));
    await waitFor(() => expect(within(drawer).getByRole('radiogroup', { name: 'Payment period' })).toHaveAttribute('aria-invalid', 'true'));
    expect(describeViolations(await axeViolations(document.body))).toEqual([]);
    expect(errorsNotTiedToTheirField(drawer)).toEqual([]);
  });
});
