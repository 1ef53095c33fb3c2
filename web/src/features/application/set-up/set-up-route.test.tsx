import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { routePatterns } from '@/app/paths';
import type { Schemas } from '@/lib/api-client';
import { json } from '@/test/fetch-stub';
import { applicationFixture, directDebitFixture, sectionFixture } from '@/test/fixtures';
import { stubApplication } from '@/test/application-stub';
import { renderRoute } from '@/test/render';
import { dayjs } from '@/lib/dayjs';
import { latestPolicyStart, ukToday } from '@/lib/rules/dates';
import { SetUpRoute } from './set-up-route';

type Application = Schemas['Application'];

const BANK = '/api/v1/application/1001/bankDetails';
const CHECK = '/api/v2/backendforfrontend/bankvalidation/1001';
const OVERRIDE = '/api/v1/backendforfrontend/bankValidation/1001/override';
const START = '/api/v1/backendforfrontend/application/policyStartDate';
const DIRECT_DEBIT = '/api/v1/application/1001/directDebit';

const directDebitRoute = (view = directDebitFixture()) => ({ method: 'GET', path: DIRECT_DEBIT, respond: () => json(view) });

function proceeded(overrides: Partial<Application> = {}): Application {
  return applicationFixture({ status: 'DECISION', applicationStatus: 'Decision', proceededAt: '2026-11-24T11:00:00Z', ...overrides });
}

const masked = { name: 'Mr Alan Turing', accountNumber: '••••4958', sortCode: '08-99-99', collectionDay: 15, payerConfirmed: true };
const notChecked = "The sort code and account number are consistent, but the account holder's name could not be checked: no Confirmation of Payee service is set up. Please check the name with your client before you continue.";

function render() {
  return renderRoute(<SetUpRoute />, { path: routePatterns.setUp, url: '/application/1001/set-up' });
}

async function chooseDay(user: ReturnType<typeof userEvent.setup>, label: string) {
  await user.click(screen.getByLabelText('Collection day'));
  const option = (await screen.findAllByTitle(label)).find((element) => element.classList.contains('ant-select-item-option'));
  if (!option) throw new Error(`no option ${label}`);
  await user.click(option);
}

describe('set-up page', () => {
  it('stays closed until the adviser proceeds from the decision', async () => {
    stubApplication(proceeded({ proceededAt: null }));
    render();
    expect(await screen.findByText('Set-up opens once you proceed from the decision.')).toBeInTheDocument();
    expect(screen.queryByLabelText('Account number')).not.toBeInTheDocument();
  });

  it('checks the details as typed, saves them, shows them masked, checks them and lets the adviser confirm a warning', async () => {
    const saved = proceeded({ bankDetails: masked, bankCheck: { status: 'notChecked' } });
    const warned = proceeded({
      bankDetails: masked,
      bankCheck: { status: 'checked', result: 'NameNotChecked' },
      bankCheckMessage: notChecked,
      bankCheckSeverity: 'warning',
    });
    const confirmed = {
      ...warned,
      bankCheck: { status: 'manuallyVerified' as const, result: 'NameNotChecked' as const },
      isBankCheckConfirmed: true,
    };
    const { requests } = stubApplication(proceeded(), [
      directDebitRoute(directDebitFixture({ firstCollection: null, firstCollectionUnknown: 'The first collection is known once the bank details are saved' })),
      { method: 'POST', path: BANK, respond: () => json(saved) },
      { method: 'POST', path: CHECK, respond: () => json(warned) },
      { method: 'POST', path: OVERRIDE, respond: () => json(confirmed) },
    ]);
    const user = userEvent.setup();
    render();

    await user.type(await screen.findByLabelText('Account holder’s name'), 'Mr Alan Turing');
    await user.type(screen.getByLabelText('Sort code'), '08-99-99');
    await user.type(screen.getByLabelText('Account number'), '663749581');
    await chooseDay(user, '3rd of the month');
    await user.click(screen.getByRole('button', { name: 'Save bank details' }));
    // Nine digits: the bank's 8-digit form is needed, and nothing is sent; nor without the
    // payer's confirmation that they alone authorise debits from the account.
    expect(await screen.findByText(/Ask the bank for the 8 digit number/)).toBeInTheDocument();
    expect(screen.getByRole('checkbox', { name: /only person needed to authorise Direct Debits/ })).toHaveAccessibleDescription(
      /Please confirm with your client that they hold this account/,
    );
    expect(requests.some((r) => r.url.pathname === BANK)).toBe(false);
    await user.click(screen.getByRole('checkbox', { name: /only person needed to authorise Direct Debits/ }));

    await user.clear(screen.getByLabelText('Account number'));
    await user.type(screen.getByLabelText('Account number'), '66374958');
    await user.click(screen.getByRole('button', { name: 'Save bank details' }));
    expect(await screen.findByText(/Saved: account ••••4958, sort code 08-99-99/)).toBeInTheDocument();
    const sent = requests.find((r) => r.url.pathname === BANK);
    expect(sent?.body).toEqual({ bankDetails: { name: 'Mr Alan Turing', accountNumber: '66374958', sortCode: '089999', collectionDay: 3, payerConfirmed: true } });
    expect(screen.queryByDisplayValue('66374958')).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Check bank details' }));
    expect(await screen.findByText(notChecked)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'I have checked these details with my client' }));
    await waitFor(() => expect(screen.getByText('The bank details are confirmed.')).toBeInTheDocument());
  });

  it('says once confirmed that the adviser checked the details, without still asking them to', async () => {
    stubApplication(
      proceeded({
        bankDetails: masked,
        bankCheck: { status: 'manuallyVerified', result: 'NameNotChecked' },
        bankCheckMessage: 'You confirmed these bank details with your client after the check, so set-up can continue.',
        bankCheckSeverity: 'warning',
        isBankCheckConfirmed: true,
      }),
      [directDebitRoute()],
    );
    render();
    expect(await screen.findByText(/You confirmed these bank details with your client/)).toBeInTheDocument();
    expect(screen.queryByText(/Please check the name with your client before you continue/)).not.toBeInTheDocument();
  });

  it('shows whose policies the Direct Debit pays for, its first collection with the notice, and the Guarantee', async () => {
    stubApplication(proceeded({ bankDetails: masked, bankCheck: { status: 'notChecked' } }), [
      directDebitRoute(directDebitFixture({ firstCollection: { date: '2027-01-04', months: 2, amount: 151.2, noticeOn: '2026-11-26' } })),
    ]);
    render();
    expect(await screen.findByText(/This one Direct Debit pays for Alan Turing’s and Ada Turing’s policies\. It collects £75\.60 a month\./)).toBeInTheDocument();
    expect(screen.getByText('First collection: £151.20 on 04/01/2027')).toBeInTheDocument();
    expect(screen.getByText(/It takes 2 months’ premiums/)).toBeInTheDocument();
    expect(screen.getByText(/at least 10 working days before the first collection/)).toBeInTheDocument();
    const shown = screen.getByRole('region', { name: 'The Direct Debit Guarantee' });
    expect(within(shown).getByText(/Protection Life will notify you 10 working days in advance/)).toBeInTheDocument();
  });

  it('offers no override when the details are wrong', async () => {
    stubApplication(
      proceeded({
        bankDetails: masked,
        bankCheck: { status: 'checked', result: 'FailedModulusCheck' },
        bankCheckMessage: 'These account details are invalid. Please check the sort code and account number.',
        bankCheckSeverity: 'error',
      }),
    );
    render();
    expect(await screen.findByText(/These account details are invalid/)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'I have checked these details with my client' })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Clear the check' })).toBeInTheDocument();
  });

  it('continues to the review once nothing stops the policy going in force', async () => {
    const done = proceeded({
      bankDetails: masked,
      bankCheck: { status: 'checked', result: 'Authenticated' },
      isBankCheckConfirmed: true,
      policyStartDateOption: 'now',
      isAdvisedSale: true,
      sections: [sectionFixture('setup', true)],
    });
    stubApplication(done, [directDebitRoute()]);
    const user = userEvent.setup();
    const { router } = render();
    // Advice is answered on the contact details page and read back on Review, not here.
    await screen.findByRole('button', { name: /Continue to review/ });
    expect(screen.queryByText('Is this an advised sale?')).not.toBeInTheDocument();
    const journey = screen.getByRole('navigation', { name: 'Application journey' });
    expect(within(journey).getByText('Review')).toBeInTheDocument();
    expect(within(journey).getByText('Complete')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: /Continue to review/ }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/application/1001/review'));
  });

  it('keeps "Continue to review" disabled while set-up is not complete', async () => {
    stubApplication(proceeded({ sections: [sectionFixture('setup', false)] }), [directDebitRoute()]);
    render();
    expect(await screen.findByRole('button', { name: /Continue to review/ })).toBeDisabled();
    expect(screen.getByText('Save and confirm the bank details and choose the start date to continue.')).toBeInTheDocument();
  });

  it('says set-up can no longer change once the policy is in force', async () => {
    stubApplication(proceeded({ status: 'WENT_ON_RISK', applicationStatus: 'Went on risk', active: true, bankDetails: masked }));
    render();
    expect(await screen.findByText('The policy is in force, so set-up can no longer change.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'See the policies' })).toHaveAttribute('href', '/application/1001/complete');
    expect(screen.queryByRole('button', { name: 'Change bank details' })).not.toBeInTheDocument();
  });

  it('saves the start date as soon as it is chosen, refusing one outside the allowed window', async () => {
    const { requests } = stubApplication(proceeded(), [
      directDebitRoute(),
      { method: 'POST', path: START, respond: (request) => json(proceeded(request.body as Partial<Application>)) },
    ]);
    const user = userEvent.setup();
    render();
    const starts = () => requests.filter((r) => r.url.pathname === START);
    await user.click(await screen.findByRole('radio', { name: 'On a later date' }));
    // Waiting for the date: nothing is sent, and nothing is wrong yet.
    expect(starts()).toHaveLength(0);
    const date = screen.getByLabelText('Start date');
    expect(date).toHaveAttribute('placeholder', 'DD/MM/YYYY');
    const tooLate = dayjs(latestPolicyStart(ukToday())).add(1, 'day');
    await user.type(date, `${tooLate.format('DD/MM/YYYY')}{Enter}`);
    expect(await screen.findByText(/The policy start date must be between/)).toBeInTheDocument();
    // The error is the field's description, so a screen reader hears it at the field.
    expect(date).toHaveAccessibleDescription(/The policy start date must be between/);
    expect(starts()).toHaveLength(0);

    const inWindow = latestPolicyStart(ukToday());
    await user.clear(date);
    await user.type(date, `${dayjs(inWindow).format('DD/MM/YYYY')}{Enter}`);
    await waitFor(() => expect(starts().at(-1)?.body).toEqual({ id: 1001, policyStartDateOption: 'future', policyStartDate: inWindow }));
    expect(await screen.findByText(`Saved: the policies start on ${dayjs(inWindow).format('DD/MM/YYYY')}.`)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Save start date/ })).not.toBeInTheDocument();

    await user.click(screen.getByRole('radio', { name: 'Not known yet' }));
    await waitFor(() => expect(starts().at(-1)?.body).toEqual({ id: 1001, policyStartDateOption: 'dontKnow', policyStartDate: null }));
  });
});
