import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { BLACKLIST_MESSAGE, DISPOSABLE_MESSAGE, SHARED_EMAIL_WARNING } from '@/lib/rules/email';
import { formItemOf } from '@/test/antd';
import { json, problem } from '@/test/fetch-stub';
import { contactDetailsFixture } from '@/test/fixtures';
import {
  CONTACT,
  VALIDATE_EMAIL,
  pricedApplication,
  renderContactDetails,
  savedContact,
  secondClient,
  stubContactDetails,
} from './contact-details-harness';

const UNCHECKED_MESSAGE = "We couldn't check this email's domain just now. Please make sure it is typed correctly.";

/** Client 1 of the priced application. */
function firstClient() {
  const [first] = pricedApplication().applicants;
  if (!first) throw new Error('the priced application has a client');
  return first;
}

describe('contact details page: each client’s contact details', () => {
  it('shows each client’s saved details, the phone grouped, in a card with their name', async () => {
    stubContactDetails(pricedApplication());
    renderContactDetails();

    expect(await screen.findByRole('heading', { level: 1, name: 'Contact details' })).toBeInTheDocument();
    const card = await screen.findByRole('region', { name: 'Client 1' });
    expect(within(card).getByText('Alan Turing')).toBeInTheDocument();
    expect(within(card).getByLabelText('Email address')).toHaveValue('alan@example.com');
    expect(within(card).getByLabelText('Confirm email address')).toHaveValue('alan@example.com');
    expect(within(card).getByLabelText('Telephone')).toHaveValue('07700 900123');
    expect(within(card).getByLabelText('Address line 1')).toHaveValue('1 River Lane');
    expect(within(card).getByLabelText('City')).toHaveValue('Leeds');
    expect(within(card).getByLabelText('Postcode')).toHaveValue('LS1 4AP');
    // One client: there is nobody to share an address with.
    expect(within(card).queryByRole('checkbox', { name: /same address/ })).not.toBeInTheDocument();
    const journey = screen.getByRole('navigation', { name: 'Application journey' });
    expect(within(journey).getByText('Contact details').closest('[aria-current="step"]')).not.toBeNull();
  });

  it('sends only the changed fields, and shows server field errors beside the field and other errors above the form', async () => {
    const { requests } = stubContactDetails(pricedApplication(), [
      {
        method: 'PATCH',
        path: CONTACT,
        respond: () =>
          problem(422, {
            title: 'The contact details break a rule',
            errors: [
              { field: 'phoneNumber', message: 'This is not a UK phone number in use' },
              { field: 'applicants', message: 'Something about the application' },
            ],
          }),
      },
    ]);
    const user = userEvent.setup();
    renderContactDetails();

    const card = await screen.findByRole('region', { name: 'Client 1' });
    const phone = within(card).getByLabelText('Telephone');
    await user.clear(phone);
    await user.type(phone, '0113 4960000');
    await user.type(within(card).getByLabelText('Address line 2'), 'Holbeck');
    await user.click(within(card).getByRole('button', { name: 'Save contact details' }));

    expect(await within(formItemOf(phone)).findByText('This is not a UK phone number in use')).toBeInTheDocument();
    const alert = within(card).getByText('Something about the application').closest<HTMLElement>('.ant-alert');
    expect(alert).toHaveAttribute('role', 'alert');
    const patch = requests.find((request) => request.method === 'PATCH');
    expect(patch?.body).toEqual({ applicantId: 'applicant-1', phoneNumber: '01134960000', address2: 'Holbeck' });
    // The number was regrouped when the field was left.
    expect(phone).toHaveValue('0113 496 0000');
    // Nothing changed in the email, so the email service was not asked.
    expect(requests.some((request) => request.url.pathname === VALIDATE_EMAIL)).toBe(false);
  });

  it('checks the phone number with the shared rules before sending anything', async () => {
    const { requests } = stubContactDetails(pricedApplication());
    const user = userEvent.setup();
    renderContactDetails();

    const card = await screen.findByRole('region', { name: 'Client 1' });
    const phone = within(card).getByLabelText('Telephone');
    await user.clear(phone);
    await user.type(phone, '0909 8790000');
    await user.click(within(card).getByRole('button', { name: 'Save contact details' }));

    expect(await within(formItemOf(phone)).findByText('Premium-rate numbers (09) cannot be used')).toBeInTheDocument();
    expect(requests.filter((request) => request.method === 'PATCH')).toHaveLength(0);
  });

  it.each([
    ['FailureBlacklist', BLACKLIST_MESSAGE],
    ['FailureDisposable', DISPOSABLE_MESSAGE],
  ])('checks a new email with the email service when the field is left, and shows its %s refusal', async (status, message) => {
    const { requests } = stubContactDetails(pricedApplication(), [
      { method: 'GET', path: VALIDATE_EMAIL, respond: () => json({ isValid: false, status, message }) },
    ]);
    const user = userEvent.setup();
    renderContactDetails();

    const card = await screen.findByRole('region', { name: 'Client 1' });
    const email = within(card).getByLabelText('Email address');
    await user.clear(email);
    await user.type(email, 'alan@mailinator.example');
    await user.tab();

    const item = formItemOf(email);
    expect(await within(item).findByText(message)).toBeInTheDocument();
    expect(item).toHaveClass('ant-form-item-has-error');
    const check = requests.find((request) => request.url.pathname === VALIDATE_EMAIL);
    expect(check?.url.searchParams.get('email')).toBe('alan@mailinator.example');
  });

  it('shows an unchecked domain as a warning that does not stop the save, and asks the service only once', async () => {
    const { requests } = stubContactDetails(pricedApplication(), [
      { method: 'GET', path: VALIDATE_EMAIL, respond: () => json({ isValid: true, status: 'Unchecked', message: UNCHECKED_MESSAGE }) },
      { method: 'PATCH', path: CONTACT, respond: () => json(pricedApplication()) },
    ]);
    const user = userEvent.setup();
    renderContactDetails();

    const card = await screen.findByRole('region', { name: 'Client 1' });
    const email = within(card).getByLabelText('Email address');
    await user.clear(email);
    await user.type(email, 'alan@smallisp.example');
    await user.tab();

    const item = formItemOf(email);
    expect(await within(item).findByText(UNCHECKED_MESSAGE)).toBeInTheDocument();
    expect(item).toHaveClass('ant-form-item-has-warning');
    expect(item).not.toHaveClass('ant-form-item-has-error');

    const confirm = within(card).getByLabelText('Confirm email address');
    await user.clear(confirm);
    await user.type(confirm, 'ALAN@smallisp.example');
    await user.click(within(card).getByRole('button', { name: 'Save contact details' }));

    await waitFor(() => expect(requests.some((request) => request.method === 'PATCH')).toBe(true));
    expect(requests.find((request) => request.method === 'PATCH')?.body).toEqual({ applicantId: 'applicant-1', emailAddress: 'alan@smallisp.example' });
    expect(requests.filter((request) => request.url.pathname === VALIDATE_EMAIL)).toHaveLength(1);
  });

  it('takes an email at an internationalised domain as typed: checked with the service and saved in Unicode (FC2)', async () => {
    const { requests } = stubContactDetails(pricedApplication(), [
      { method: 'GET', path: VALIDATE_EMAIL, respond: () => json({ isValid: true, status: 'Success', message: null }) },
      { method: 'PATCH', path: CONTACT, respond: () => json(pricedApplication()) },
    ]);
    const user = userEvent.setup();
    renderContactDetails();

    const card = await screen.findByRole('region', { name: 'Client 1' });
    const email = within(card).getByLabelText('Email address');
    await user.clear(email);
    await user.type(email, 'info@Bücher.example');
    await user.tab();
    const confirm = within(card).getByLabelText('Confirm email address');
    await user.clear(confirm);
    await user.type(confirm, 'info@bücher.example');
    await user.click(within(card).getByRole('button', { name: 'Save contact details' }));

    await waitFor(() => expect(requests.some((request) => request.method === 'PATCH')).toBe(true));
    expect(email).toHaveValue('info@Bücher.example');
    expect(formItemOf(email)).not.toHaveClass('ant-form-item-has-error');
    expect(requests.find((request) => request.url.pathname === VALIDATE_EMAIL)?.url.searchParams.get('email')).toBe('info@bücher.example');
    expect(requests.find((request) => request.method === 'PATCH')?.body).toEqual({ applicantId: 'applicant-1', emailAddress: 'info@bücher.example' });
  });

  it('asks for the email to be confirmed, and to match', async () => {
    const { requests } = stubContactDetails(pricedApplication(), [
      { method: 'GET', path: VALIDATE_EMAIL, respond: () => json({ isValid: true, status: 'Success' }) },
    ]);
    const user = userEvent.setup();
    renderContactDetails();

    const card = await screen.findByRole('region', { name: 'Client 1' });
    const email = within(card).getByLabelText('Email address');
    const confirm = within(card).getByLabelText('Confirm email address');
    await user.clear(email);
    await user.type(email, 'alan.turing@example.com');
    await user.clear(confirm);
    await user.tab();
    expect(await within(formItemOf(confirm)).findByText('Please confirm the email address')).toBeInTheDocument();

    await user.type(confirm, 'alan.turin@example.com');
    await user.tab();
    expect(await within(formItemOf(confirm)).findByText('Email addresses do not match')).toBeInTheDocument();

    await user.click(within(card).getByRole('button', { name: 'Save contact details' }));
    expect(await within(formItemOf(confirm)).findByText('Email addresses do not match')).toBeInTheDocument();
    expect(requests.filter((request) => request.method === 'PATCH')).toHaveLength(0);
  });

  it('warns when both clients have the same mailbox, and stops warning when one changes', async () => {
    stubContactDetails(
      pricedApplication({
        applicants: [firstClient(), secondClient({ contactDetails: contactDetailsFixture({ emailAddress: 'ada@example.com' }) })],
      }),
    );
    const user = userEvent.setup();
    renderContactDetails();

    const second = await screen.findByRole('region', { name: 'Client 2' });
    expect(screen.queryByText(SHARED_EMAIL_WARNING)).not.toBeInTheDocument();
    const email = within(second).getByLabelText('Email address');
    await user.clear(email);
    await user.type(email, 'ALAN@example.com');
    expect(await screen.findByText(SHARED_EMAIL_WARNING)).toBeInTheDocument();
    expect(screen.getByText(SHARED_EMAIL_WARNING).closest('.ant-alert')).toHaveClass('ant-alert-warning');

    await user.type(email, '.au');
    await waitFor(() => expect(screen.queryByText(SHARED_EMAIL_WARNING)).not.toBeInTheDocument());
  });

  it('lets Client 2 live at Client 1’s address: the address is hidden and the link posted, and unticking clears it', async () => {
    const first = firstClient();
    const own = secondClient({ contactDetails: { ...savedContact, address1: '2 Canal Wharf', emailAddress: 'ada@example.com' } });
    const sharing = { ...own, sameAddressApplicantId: first.id };
    const { requests } = stubContactDetails(pricedApplication({ applicants: [first, own] }), [
      {
        method: 'POST',
        path: '/api/v1/backendforfrontend/applicant/sameAddressApplicantId',
        respond: (request) => {
          const body = request.body as { sameAddressApplicantId: string | null };
          return json(pricedApplication({ applicants: [first, body.sameAddressApplicantId ? sharing : own] }));
        },
      },
    ]);
    const user = userEvent.setup();
    renderContactDetails();

    const second = await screen.findByRole('region', { name: 'Client 2' });
    expect(within(second).getByLabelText('Address line 1')).toHaveValue('2 Canal Wharf');
    await user.click(within(second).getByRole('checkbox', { name: 'Lives at the same address as Client 1' }));

    await waitFor(() => expect(within(second).queryByLabelText('Address line 1')).not.toBeInTheDocument());
    expect(within(second).getByText('Uses Client 1’s address.')).toBeInTheDocument();
    expect(within(second).queryByLabelText('Postcode')).not.toBeInTheDocument();
    expect(within(screen.getByRole('region', { name: 'Client 1' })).getByLabelText('Address line 1')).toBeInTheDocument();

    await user.click(within(second).getByRole('checkbox', { name: 'Lives at the same address as Client 1' }));
    expect(await within(second).findByLabelText('Address line 1')).toHaveValue('2 Canal Wharf');
    const posts = requests.filter((request) => request.method === 'POST');
    expect(posts.map((request) => request.body)).toEqual([
      { applicantId: 'applicant-2', sameAddressApplicantId: 'applicant-1' },
      { applicantId: 'applicant-2', sameAddressApplicantId: null },
    ]);
  });

  it('is read-only once underwriting has started', async () => {
    stubContactDetails(pricedApplication({ status: 'UNDERWRITING', applicationStatus: 'Underwriting', isQuoteEditable: false }));
    renderContactDetails();

    expect(await screen.findByText('Contact details can’t be changed once underwriting has started')).toBeInTheDocument();
    const card = await screen.findByRole('region', { name: 'Client 1' });
    expect(within(card).getByLabelText('Email address')).toBeDisabled();
    expect(within(card).getByLabelText('Telephone')).toBeDisabled();
    expect(within(card).queryByRole('button', { name: 'Save contact details' })).not.toBeInTheDocument();
    expect(within(card).queryByRole('button', { name: 'Find address' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Apply' })).not.toBeInTheDocument();
  });
});
