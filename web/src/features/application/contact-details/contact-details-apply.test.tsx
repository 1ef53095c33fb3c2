import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { json, problem } from '@/test/fetch-stub';
import { errorsNotTiedToTheirField } from '@/test/field-errors';
import { sectionFixture } from '@/test/fixtures';
import { pricedApplication, renderContactDetails, secondClient, stubContactDetails } from './contact-details-harness';
import { formItemOf } from '@/test/antd';

const APPLY = '/api/v1/backendforfrontend/application/ApplyApplication';

/** Two clients, and an Apply the server refuses for `errors`, which the application lists too. */
function stubRefusedApply(errors: { field: string; message: string }[]) {
  const two = pricedApplication({ applicants: [pricedApplication().applicants[0] ?? secondClient(), secondClient()], applyProblems: errors });
  return stubContactDetails(two, [
    {
      method: 'POST',
      path: APPLY,
      respond: () => problem(422, { title: 'Unprocessable Entity', detail: 'Some details need correcting.', errors }),
    },
  ]);
}

describe('contact details page: applying', () => {
  it('marks each problem applying names beside its field, client by client', async () => {
    const errors = [
      { field: 'contactDetails', message: 'Complete the contact details before applying' },
      { field: 'applicants[1].postcode', message: 'Please enter a postcode' },
      { field: 'applicants[1].phoneNumber', message: 'Please enter a phone number' },
      { field: 'applicants[1].isAcceptedPreUnderwritingDeclaration', message: 'Please accept the pre-underwriting declaration before applying' },
      { field: 'isMortgageRelated', message: 'Please say whether the cover is for a mortgage' },
    ];
    const { requests } = stubRefusedApply(errors);
    const user = userEvent.setup();
    renderContactDetails();

    const second = await screen.findByRole('region', { name: 'Client 2' });
    expect(within(second).queryByLabelText('Address line 1')).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Apply' }));

    const alert = (await screen.findByText('The application can’t be submitted yet')).closest<HTMLElement>('.ant-alert');
    if (!alert) throw new Error('no alert');
    expect(within(alert).getAllByRole('listitem').map((item) => item.textContent)).toEqual([
      'Complete the contact details before applying',
      'Client 2: postcode – Please enter a postcode',
      'Client 2: telephone – Please enter a phone number',
      'Client 2: declaration – Please accept the pre-underwriting declaration before applying',
      'Please say whether the cover is for a mortgage',
    ]);
    // Each beside its field: Client 2's address lines open to show the missing postcode.
    expect(await within(formItemOf(within(second).getByLabelText('Postcode'))).findByText('Please enter a postcode')).toBeInTheDocument();
    expect(within(second).getByLabelText('Address line 1')).toBeInTheDocument();
    expect(within(formItemOf(within(second).getByLabelText('Telephone'))).getByText('Please enter a phone number')).toBeInTheDocument();
    const first = screen.getByRole('region', { name: 'Client 1' });
    expect(within(first).queryByText('Please enter a phone number')).not.toBeInTheDocument();
    const mortgage = screen.getByRole('radiogroup', { name: 'Is the cover for a mortgage?' });
    expect(within(formItemOf(mortgage)).getByText('Please say whether the cover is for a mortgage')).toBeInTheDocument();
    const declaration = screen.getByRole('region', { name: 'Declaration' });
    const box = within(declaration).getByRole('checkbox', { name: 'Client 2 has read and accepts the pre-underwriting declaration' });
    expect(box).toHaveAccessibleDescription('Please accept the pre-underwriting declaration before applying');
    // Each field's error is its description, read out when a screen reader reaches the field.
    expect(within(second).getByLabelText('Postcode')).toHaveAccessibleDescription('Please enter a postcode');
    expect(mortgage).toHaveAccessibleDescription('Please say whether the cover is for a mortgage');
    expect(errorsNotTiedToTheirField()).toEqual([]);
    expect(requests.find((request) => request.method === 'POST')?.body).toEqual({ applicationId: 1001 });
  });

  it('puts the summary of problems where a screen reader is, each problem a link that takes focus to its field', async () => {
    const errors = [
      { field: 'contactDetails', message: 'Complete the contact details before applying' },
      { field: 'applicants[1].postcode', message: 'Please enter a postcode' },
      { field: 'applicants[1].isAcceptedPreUnderwritingDeclaration', message: 'Please accept the pre-underwriting declaration before applying' },
      { field: 'isMortgageRelated', message: 'Please say whether the cover is for a mortgage' },
    ];
    stubRefusedApply(errors);
    const user = userEvent.setup();
    renderContactDetails();
    const apply = await screen.findByRole('button', { name: 'Apply' });
    await user.click(apply);

    // Focus moves to the summary's heading, so a screen reader reads it and the list after it.
    const summary = await screen.findByRole('region', { name: 'The application can’t be submitted yet' });
    const heading = within(summary).getByRole('heading', { level: 2, name: 'The application can’t be submitted yet' });
    await waitFor(() => expect(heading).toHaveFocus());
    expect(within(summary).getByRole('alert')).toBeInTheDocument();
    // A heading for the items under it is no link: it names no field.
    expect(within(summary).queryByRole('link', { name: 'Complete the contact details before applying' })).not.toBeInTheDocument();

    // Each item takes focus to its field, by keyboard (Enter) or click.
    const second = screen.getByRole('region', { name: 'Client 2' });
    within(summary).getByRole('link', { name: 'Client 2: postcode – Please enter a postcode' }).focus();
    await user.keyboard('{Enter}');
    expect(within(second).getByLabelText('Postcode')).toHaveFocus();
    await user.click(within(summary).getByRole('link', { name: 'Please say whether the cover is for a mortgage' }));
    const mortgage = screen.getByRole('radiogroup', { name: 'Is the cover for a mortgage?' });
    expect(within(mortgage).getByRole('radio', { name: 'Yes' })).toHaveFocus();
    await user.click(within(summary).getByRole('link', { name: /^Client 2: declaration/ }));
    expect(screen.getByRole('checkbox', { name: 'Client 2 has read and accepts the pre-underwriting declaration' })).toHaveFocus();

    // Applying again while something is still missing brings focus back to the summary.
    await user.click(apply);
    await waitFor(() => expect(heading).toHaveFocus());
  });

  it('confirms the submission with its reference, locks the questions and moves the journey on', async () => {
    const ready = pricedApplication({ isMortgageRelated: false, isAdvisedSale: true });
    const applied = {
      ...ready,
      status: 'APPLY' as const,
      applicationStatus: 'Apply',
      isQuoteEditable: false,
      sections: [...ready.sections, sectionFixture('plandetails', true)],
    };
    stubContactDetails(ready, [{ method: 'POST', path: APPLY, respond: () => json(applied) }]);
    const user = userEvent.setup();
    const { router } = renderContactDetails();

    const journey = await screen.findByRole('navigation', { name: 'Application journey' });
    expect(within(journey).getByText('Contact details')).not.toHaveTextContent('complete');
    await user.click(await screen.findByRole('button', { name: 'Apply' }));

    const title = await screen.findByRole('heading', { name: 'Application submitted' });
    await waitFor(() => expect(title).toHaveFocus());
    expect(
      screen.getByText(
        'Application 1001 has been submitted and its quote is locked. Next, each client answers the medical and lifestyle questions in their interview.',
      ),
    ).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Apply' })).not.toBeInTheDocument();
    // The confirmation is at the top of the page, before the clients' cards, with the next step.
    const firstCard = screen.getAllByRole('heading', { level: 2 }).find((heading) => heading !== title);
    expect(firstCard && title.compareDocumentPosition(firstCard) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    expect(within(journey).getByText(/Contact details/)).toHaveTextContent('Contact details (complete)');
    const mortgage = screen.getByRole('radiogroup', { name: 'Is the cover for a mortgage?' });
    expect(within(mortgage).getByRole('radio', { name: 'No' })).toBeDisabled();
    await user.click(screen.getByRole('button', { name: 'Start the client’s interview' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/application/1001/application'));
  });
});
