import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import dayjs from 'dayjs';
import { describe, expect, it } from 'vitest';
import { json, problem } from '@/test/fetch-stub';
import { ukToday } from '@/lib/rules/dates';
import { adviserFixture } from '@/test/fixtures';
import { pricedApplication, renderContactDetails, secondClient, stubContactDetails } from './contact-details-harness';

const APPLY = '/api/v1/backendforfrontend/application/ApplyApplication';
const ADVISED = '/api/v1/backendforfrontend/application/isAdvisedSale';

function adviserWith(settings: Partial<ReturnType<typeof adviserFixture>['uxSettings']>) {
  const adviser = adviserFixture();
  return { ...adviser, uxSettings: { ...adviser.uxSettings, ...settings } };
}

describe('the application questions, declaration and applying', () => {
  it('lists every problem applying names, client by client, updates the list as each is fixed, and applies once none is left', async () => {
    const postcode = { field: 'applicants[1].postcode', message: 'Please enter a postcode' };
    const declaration = { field: 'applicants[0].isAcceptedPreUnderwritingDeclaration', message: 'Please accept the pre-underwriting declaration before applying' };
    const mortgage = { field: 'isMortgageRelated', message: 'Please say whether the cover is for a mortgage' };
    const two = pricedApplication({
      applicants: [pricedApplication().applicants[0] ?? secondClient(), secondClient()],
      applyProblems: [postcode, declaration, mortgage],
    });
    const first = two.applicants[0];
    if (!first) throw new Error('a client');
    let attempts = 0;
    stubContactDetails(two, [
      {
        method: 'POST',
        path: APPLY,
        respond: () => {
          attempts += 1;
          return attempts === 1
            ? problem(422, { title: 'Unprocessable Entity', detail: 'Some details need correcting.', errors: [postcode, declaration, mortgage] })
            : json({ ...two, status: 'APPLY', applicationStatus: 'Apply', isQuoteEditable: false, applyProblems: [] });
        },
      },
      {
        method: 'POST',
        path: '/api/v1/backendforfrontend/application/isMortgageRelated',
        respond: () => json({ ...two, isMortgageRelated: true, applyProblems: [postcode, declaration] }),
      },
      {
        method: 'POST',
        path: `/api/v1/application/1001/applicant/${first.id}/acceptPreUnderwritingDeclaration`,
        // The postcode was fixed meanwhile (say, on another device): nothing is left.
        respond: () => json({ ...two, isMortgageRelated: true, applicants: [{ ...first, isAcceptedPreUnderwritingDeclaration: true }, ...two.applicants.slice(1)], applyProblems: [] }),
      },
    ]);
    const user = userEvent.setup();
    renderContactDetails();

    await screen.findByRole('region', { name: 'Client 2' });
    expect(screen.queryByText('The application can’t be submitted yet')).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Apply' }));
    const alert = await screen.findByText('The application can’t be submitted yet');
    const list = alert.closest('.ant-alert');
    expect(list).toHaveTextContent('Client 2: postcode – Please enter a postcode');
    expect(list).toHaveTextContent('Client 1: declaration – Please accept the pre-underwriting declaration before applying');
    expect(list).toHaveTextContent('Please say whether the cover is for a mortgage');

    const question = screen.getByRole('radiogroup', { name: 'Is the cover for a mortgage?' });
    await user.click(within(question).getByRole('radio', { name: 'Yes' }));
    await waitFor(() => expect(screen.getByText('The application can’t be submitted yet').closest('.ant-alert')).not.toHaveTextContent('mortgage'));
    expect(screen.getByText('The application can’t be submitted yet').closest('.ant-alert')).toHaveTextContent('Client 2: postcode – Please enter a postcode');

    const declarations = screen.getByRole('region', { name: 'Declaration' });
    await user.click(within(declarations).getByRole('checkbox', { name: 'Client 1 has read and accepts the pre-underwriting declaration' }));
    await waitFor(() => expect(screen.queryByText('The application can’t be submitted yet')).not.toBeInTheDocument());

    await user.click(screen.getByRole('button', { name: 'Apply' }));
    expect(await screen.findByText('Application submitted')).toBeInTheDocument();
    expect(attempts).toBe(2);
  });

  it('accepts a client’s declaration once and shows it accepted', async () => {
    const accepted = pricedApplication();
    const first = accepted.applicants[0];
    if (!first) throw new Error('a client');
    const withDeclaration = { ...accepted, applicants: [{ ...first, isAcceptedPreUnderwritingDeclaration: true }] };
    const { requests } = stubContactDetails(accepted, [
      {
        method: 'POST',
        path: `/api/v1/application/1001/applicant/${first.id}/acceptPreUnderwritingDeclaration`,
        respond: () => json(withDeclaration),
      },
    ]);
    const user = userEvent.setup();
    renderContactDetails();

    const declaration = await screen.findByRole('region', { name: 'Declaration' });
    const box = within(declaration).getByRole('checkbox', { name: 'Client 1 has read and accepts the pre-underwriting declaration' });
    await user.click(box);
    // Accepted is final: said as a statement, which takes the focus, not a greyed-out box.
    const statement = await within(declaration).findByText('Client 1 has read and accepted the pre-underwriting declaration');
    await waitFor(() => expect(statement).toHaveFocus());
    expect(within(declaration).queryByRole('checkbox', { name: /Client 1/ })).not.toBeInTheDocument();
    expect(requests.filter((r) => r.url.pathname.endsWith('acceptPreUnderwritingDeclaration'))).toHaveLength(1);
  });

  it('hides the advised-sale question from an always-advised adviser and records the sale as advised', async () => {
    const { requests } = stubContactDetails(
      pricedApplication({ isAdvisedSale: null }),
      [{ method: 'POST', path: ADVISED, respond: () => json(pricedApplication({ isAdvisedSale: true })) }],
      adviserWith({ isAlwaysAdvised: true }),
    );
    renderContactDetails();

    await screen.findByRole('radiogroup', { name: 'Is the cover for a mortgage?' });
    expect(screen.queryByRole('radiogroup', { name: 'Is this an advised sale?' })).not.toBeInTheDocument();
    await waitFor(() => expect(requests.filter((r) => r.url.pathname === ADVISED)).toHaveLength(1));
    expect(requests.find((r) => r.url.pathname === ADVISED)?.body).toEqual({ id: 1001, isAdvisedSale: true });
  });

  it('hides the reference with hideYourRef and makes it read-only with isYourRefReadOnly', async () => {
    stubContactDetails(pricedApplication({ thirdPartyRef: 'HP-1' }), [], adviserWith({ hideYourRef: true }));
    const hidden = renderContactDetails();
    await screen.findByRole('radiogroup', { name: 'Is the cover for a mortgage?' });
    expect(screen.queryByLabelText('Your reference')).not.toBeInTheDocument();
    hidden.unmount();

    stubContactDetails(pricedApplication({ thirdPartyRef: 'HP-1' }), [], adviserWith({ isYourRefReadOnly: true }));
    renderContactDetails();
    const reference = await screen.findByLabelText('Your reference');
    expect(reference).toHaveValue('HP-1');
    expect(reference).toBeDisabled();
    expect(screen.getByText('Your reference is set by your firm and can’t be changed here.')).toBeInTheDocument();
  });
});

describe('the valid-until date', () => {
  const QUOTE_DATE = '/api/v1/backendforfrontend/application/quoteDate';
  const typed = (days: number) => dayjs(ukToday()).add(days, 'day');

  it('refuses a typed date past 30 days with ‘This date is invalid’ and saves one inside the bounds', async () => {
    const { requests } = stubContactDetails(pricedApplication(), [
      { method: 'POST', path: QUOTE_DATE, respond: () => json(pricedApplication({ validUntil: typed(20).format('YYYY-MM-DD') })) },
    ]);
    const user = userEvent.setup();
    renderContactDetails();

    const picker = await screen.findByLabelText('Quote valid until');
    // The bounds are described once the page has what they come from (on a slow machine, a moment later).
    await waitFor(() => expect(picker).toHaveAccessibleDescription(/^Between /));
    await user.clear(picker);
    await user.type(picker, `${typed(31).format('DD/MM/YYYY')}{Enter}`);
    expect(await screen.findByText('This date is invalid')).toBeInTheDocument();
    expect(picker).toHaveAccessibleDescription('This date is invalid');
    expect(picker).toBeInvalid();
    expect(requests.filter((r) => r.url.pathname === QUOTE_DATE)).toHaveLength(0);

    await user.clear(picker);
    await user.type(picker, `${typed(20).format('DD/MM/YYYY')}{Enter}`);
    await waitFor(() => expect(requests.filter((r) => r.url.pathname === QUOTE_DATE)).toHaveLength(1));
    expect(requests.find((r) => r.url.pathname === QUOTE_DATE)?.body).toEqual({
      applicationId: 1001,
      quoteValidUntilDate: typed(20).format('YYYY-MM-DD'),
    });
    await waitFor(() => expect(screen.queryByText('This date is invalid')).not.toBeInTheDocument());
  });
});
