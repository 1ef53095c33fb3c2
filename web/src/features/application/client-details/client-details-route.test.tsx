import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { routePatterns } from '@/app/paths';
import { stubApi, json, problem } from '@/test/fetch-stub';
import { applicantFixture, applicationFixture, sectionFixture } from '@/test/fixtures';
import { renderRoute } from '@/test/render';
import { formItemOf } from '@/test/antd';
import { ClientDetailsRoute } from './client-details-route';

const AGE_MESSAGE = 'To qualify, the client must be between 18 and 64.';
const TOO_MANY_MESSAGE = 'An application can have at most 2 clients.';

function renderClientDetails(applicationId = 1001) {
  return renderRoute(<ClientDetailsRoute />, {
    path: routePatterns.clientDetails,
    url: `/application/${String(applicationId)}/client-details`,
  });
}

describe('client details page', () => {
  it('shows each applicant as a card with their age', async () => {
    stubApi([{ method: 'GET', path: '/api/v1/application/1001', respond: () => json(applicationFixture()) }]);
    renderClientDetails();

    const card = await screen.findByRole('region', { name: 'Client 1' });
    expect(within(card).getByText('Age 45')).toBeInTheDocument();
    expect(within(card).getByLabelText('First name')).toHaveValue('Alan');
    expect(within(card).getByLabelText('Date of birth')).toHaveValue('23/06/1980');
    expect(within(card).getByRole('radio', { name: 'Male' })).toBeChecked();
    expect(screen.getByRole('button', { name: /Add a client/ })).toBeInTheDocument();
  });

  it('sends only the changed fields, and shows server field errors beside the field and other errors above the form', async () => {
    const { requests } = stubApi([
      { method: 'GET', path: '/api/v1/application/1001', respond: () => json(applicationFixture()) },
      {
        method: 'PATCH',
        path: '/api/v1/application/1001/applicant/applicant-1',
        respond: () =>
          problem(422, {
            title: 'The application breaks a rule',
            errors: [
              { field: 'dateOfBirth', message: AGE_MESSAGE },
              { field: 'applicants', message: TOO_MANY_MESSAGE },
            ],
          }),
      },
    ]);
    const user = userEvent.setup();
    renderClientDetails();

    const card = await screen.findByRole('region', { name: 'Client 1' });
    const firstName = within(card).getByLabelText('First name');
    await user.clear(firstName);
    await user.type(firstName, 'Alan Mathison');
    await user.click(within(card).getByRole('button', { name: 'Save changes' }));

    const dateOfBirthItem = formItemOf(within(card).getByLabelText('Date of birth'));
    expect(await within(dateOfBirthItem).findByText(AGE_MESSAGE)).toBeInTheDocument();

    const alert = within(card).getByText(TOO_MANY_MESSAGE).closest<HTMLElement>('.ant-alert');
    expect(alert).not.toBeNull();
    expect(alert).toHaveAttribute('role', 'alert');
    expect(dateOfBirthItem).not.toContainElement(alert);
    expect(formItemOf(firstName)).not.toHaveTextContent(AGE_MESSAGE);

    const patch = requests.find((request) => request.method === 'PATCH');
    expect(patch?.body).toEqual({ firstName: 'Alan Mathison' });
    expect(patch?.headers.get('Content-Type')).toContain('application/json');
  });

  it('checks gender and date of birth before adding a client', async () => {
    const { requests } = stubApi([
      { method: 'GET', path: '/api/v1/application/1002', respond: () => json(applicationFixture({ id: 1002, applicants: [] })) },
    ]);
    const user = userEvent.setup();
    renderClientDetails(1002);

    const card = await screen.findByRole('region', { name: 'Client 1' });
    await user.type(within(card).getByLabelText('First name'), 'x'.repeat(101));
    await user.click(within(card).getByRole('button', { name: 'Add client' }));

    expect(await within(card).findByText('Please select the client’s sex at birth')).toBeInTheDocument();
    expect(within(card).getByText('Please enter a date of birth')).toBeInTheDocument();
    expect(within(card).getByText('First name must be 100 characters or fewer')).toBeInTheDocument();
    expect(requests.filter((request) => request.method === 'POST')).toHaveLength(0);
  });

  it('refuses a client under 18 at once, with the server’s message, without sending anything', async () => {
    const { requests } = stubApi([
      { method: 'GET', path: '/api/v1/application/1004', respond: () => json(applicationFixture({ id: 1004, applicants: [] })) },
    ]);
    const user = userEvent.setup();
    renderClientDetails(1004);

    const card = await screen.findByRole('region', { name: 'Client 1' });
    await user.click(within(card).getByRole('radio', { name: 'Female' }));
    const tenYearsAgo = new Date();
    tenYearsAgo.setFullYear(tenYearsAgo.getFullYear() - 10);
    const typed = `${String(tenYearsAgo.getDate()).padStart(2, '0')}/${String(tenYearsAgo.getMonth() + 1).padStart(2, '0')}/${String(tenYearsAgo.getFullYear())}`;
    await user.type(within(card).getByLabelText('Date of birth'), `${typed}{Enter}`);
    await user.click(within(card).getByRole('button', { name: 'Add client' }));

    const dateOfBirthItem = formItemOf(within(card).getByLabelText('Date of birth'));
    expect(await within(dateOfBirthItem).findByText(AGE_MESSAGE)).toBeInTheDocument();
    expect(requests.filter((request) => request.method === 'POST')).toHaveLength(0);
  });

  it('adds a client and shows the updated application from the response', async () => {
    const added = applicationFixture({ id: 1003, applicants: [applicantFixture({ id: 'new-1', firstName: 'Grace', lastName: 'Hopper', gender: 'female', dateOfBirth: '1985-12-09', age: 39, title: 'Dr' })] });
    const { requests } = stubApi([
      { method: 'GET', path: '/api/v1/application/1003', respond: () => json(applicationFixture({ id: 1003, applicants: [] })) },
      { method: 'POST', path: '/api/v1/backendforfrontend/application/1003/AddApplicant', respond: () => json(added) },
    ]);
    const user = userEvent.setup();
    renderClientDetails(1003);

    const card = await screen.findByRole('region', { name: 'Client 1' });
    await user.type(within(card).getByLabelText('First name'), 'Grace');
    await user.type(within(card).getByLabelText('Last name'), 'Hopper');
    await user.click(within(card).getByRole('radio', { name: 'Female' }));
    await user.type(within(card).getByLabelText('Date of birth'), '09/12/1985{Enter}');
    await user.click(within(card).getByRole('button', { name: 'Add client' }));

    await waitFor(() => expect(screen.getByText('Age 39')).toBeInTheDocument());
    // The form (and its button) that had focus gives way to the client's card: focus goes to its heading.
    await waitFor(() => expect(screen.getByRole('heading', { level: 2, name: 'Client 1' })).toHaveFocus());
    const post = requests.find((request) => request.method === 'POST');
    expect(post?.body).toEqual({
      applicationId: 1003,
      applicant: { firstName: 'Grace', lastName: 'Hopper', gender: 'female', dateOfBirth: '1985-12-09' },
    });
  });

  it('removes a client only after confirming, and shows the other client moved into the first slot', async () => {
    const alan = applicantFixture();
    const grace = applicantFixture({ id: 'app-2', firstName: 'Grace', lastName: 'Hopper', gender: 'female', age: 39 });
    const { requests } = stubApi([
      { method: 'GET', path: '/api/v1/application/1001', respond: () => json(applicationFixture({ applicants: [alan, grace] })) },
      { method: 'DELETE', path: `/api/v1/application/1001/applicant/${alan.id}`, respond: () => json(applicationFixture({ applicants: [grace] })) },
    ]);
    const user = userEvent.setup();
    renderClientDetails();

    const first = await screen.findByRole('region', { name: 'Client 1' });
    await user.click(within(first).getByRole('button', { name: 'Remove Client 1' }));
    expect(await screen.findByText('Remove Client 1 from the application?')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Keep' }));
    expect(requests.filter((request) => request.method === 'DELETE')).toHaveLength(0);

    await user.click(within(first).getByRole('button', { name: 'Remove Client 1' }));
    await user.click(await screen.findByRole('button', { name: 'Yes, remove' }));

    await waitFor(() => expect(screen.queryByRole('region', { name: 'Client 2' })).not.toBeInTheDocument());
    expect(within(screen.getByRole('region', { name: 'Client 1' })).getByLabelText('First name')).toHaveValue('Grace');
    expect(requests.filter((request) => request.method === 'DELETE')).toHaveLength(1);
    // With one client left there is nobody to remove: the last client is edited, not removed.
    expect(screen.queryByRole('button', { name: /^Remove Client/ })).not.toBeInTheDocument();
  });

  it('shows the server’s reason when a client cannot be removed, and keeps both clients', async () => {
    const alan = applicantFixture();
    const grace = applicantFixture({ id: 'app-2', firstName: 'Grace', lastName: 'Hopper', gender: 'female', age: 39 });
    stubApi([
      { method: 'GET', path: '/api/v1/application/1001', respond: () => json(applicationFixture({ applicants: [alan, grace] })) },
      { method: 'DELETE', path: '/api/v1/application/1001/applicant/app-2', respond: () => problem(409, { title: 'Conflict', detail: 'The quote can no longer be edited.' }) },
    ]);
    const user = userEvent.setup();
    renderClientDetails();

    const second = await screen.findByRole('region', { name: 'Client 2' });
    await user.click(within(second).getByRole('button', { name: 'Remove Client 2' }));
    await user.click(await screen.findByRole('button', { name: 'Yes, remove' }));

    expect(await screen.findByText('The quote can no longer be edited.')).toBeInTheDocument();
    expect(screen.getByRole('region', { name: 'Client 2' })).toBeInTheDocument();
  });

  it('says so when the application cannot be found', async () => {
    stubApi([{ method: 'GET', path: '/api/v1/application/999', respond: () => problem(404, { title: 'Not Found' }) }]);
    renderClientDetails(999);
    expect(await screen.findByRole('heading', { name: 'Application not found' })).toBeInTheDocument();
  });

  it('keeps the quote step closed until the server says client details are complete', async () => {
    stubApi([{ method: 'GET', path: '/api/v1/application/1001', respond: () => json(applicationFixture({ sections: [sectionFixture('planbuilder', false)] })) }]);
    renderClientDetails();

    const journey = await screen.findByRole('navigation', { name: 'Application journey' });
    await screen.findByRole('region', { name: 'Client 1' });
    expect(within(journey).getByText('Client details').closest('[aria-current="step"]')).not.toBeNull();
    expect(within(journey).queryByRole('link', { name: 'Quote' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Continue to quote/ })).not.toBeInTheDocument();
  });

  it('opens the quote step once client details are complete, as a link and a “Continue to quote” button', async () => {
    stubApi([{ method: 'GET', path: '/api/v1/application/1001', respond: () => json(applicationFixture({ sections: [sectionFixture('planbuilder', true)] })) }]);
    const user = userEvent.setup();
    const { router } = renderClientDetails();

    const journey = await screen.findByRole('navigation', { name: 'Application journey' });
    expect(await within(journey).findByRole('link', { name: 'Quote' })).toHaveAttribute('href', '/application/1001/quote');
    // §2: contact details need only client details complete.
    expect(within(journey).getByRole('link', { name: /Contact details/ })).toHaveAttribute('href', '/application/1001/contact-details');
    await user.click(screen.getByRole('button', { name: /Continue to quote/ }));

    await waitFor(() => expect(router.state.location.pathname).toBe('/application/1001/quote'));
  });
});
