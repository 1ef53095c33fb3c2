import { screen, waitFor, within } from '@testing-library/react';
import userEvent, { type UserEvent } from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { routePatterns } from '@/app/paths';
import type { Schemas } from '@/lib/api-client';
import { json, problem, stubApi, type RecordedRequest, type Route } from '@/test/fetch-stub';
import { applicationFixture } from '@/test/fixtures';
import { renderRoute } from '@/test/render';
import { formItemOf } from '@/test/antd';
import { ClientDetailsRoute } from './client-details-route';

type Application = Schemas['Application'];
type Child = Schemas['Child'];

const APPLICATION = '/api/v1/application/1001';
const CHILDREN = '/api/v1/application/1001/children';
const TOO_OLD = "Children's cover is for children up to age 23";

const grace: Child = { id: 'child-1', title: 'Miss', firstName: 'Grace', surname: 'Turing', dateOfBirth: '2016-03-14' };

function stubDetails(application: Application, more: Route[] = []) {
  return stubApi([{ method: 'GET', path: APPLICATION, respond: () => json(application) }, ...more]);
}

function renderClientDetails() {
  return renderRoute(<ClientDetailsRoute />, { path: routePatterns.clientDetails, url: '/application/1001/client-details' });
}

/** A date `years` ago today, as typed: dd/MM/yyyy. */
function typedYearsAgo(years: number): string {
  const date = new Date();
  date.setFullYear(date.getFullYear() - years);
  return `${String(date.getDate()).padStart(2, '0')}/${String(date.getMonth() + 1).padStart(2, '0')}/${String(date.getFullYear())}`;
}

async function openAddChild(user: UserEvent): Promise<HTMLElement> {
  const card = await screen.findByRole('region', { name: 'Children' });
  await user.click(within(card).getByRole('button', { name: 'Add a child' }));
  return within(card).findByRole('region', { name: 'Add a child' });
}

describe('children on the client details page', () => {
  it('lists each child with their date of birth and age, with edit and remove', async () => {
    stubDetails(applicationFixture({ children: [grace, { id: 'child-2', title: null, firstName: 'Alan', surname: 'Junior', dateOfBirth: '2020-01-01' }] }));
    renderClientDetails();

    const card = await screen.findByRole('region', { name: 'Children' });
    expect(card).toHaveTextContent('Children’s Critical Illness cover covers the clients’ children up to age 23.');
    const list = within(card).getByRole('list', { name: 'Children on the application' });
    const first = within(list).getByRole('listitem', { name: 'Miss Grace Turing' });
    expect(first).toHaveTextContent('Born 14/03/2016');
    expect(first).toHaveTextContent(/Age \d+/);
    expect(within(first).getByRole('button', { name: 'Edit Grace Turing' })).toBeInTheDocument();
    expect(within(first).getByRole('button', { name: 'Remove Grace Turing' })).toBeInTheDocument();
    expect(within(list).getAllByRole('listitem')).toHaveLength(2);
  });

  it('adds a child typed as dd/MM/yyyy, sends ChildDetails, and shows the child the server answers (unborn flag cleared)', async () => {
    const withGrace = applicationFixture({ children: [grace], hasUnbornChildren: false });
    const { requests } = stubDetails(applicationFixture({ hasUnbornChildren: true }), [{ method: 'POST', path: CHILDREN, respond: () => json(withGrace) }]);
    const user = userEvent.setup();
    renderClientDetails();

    const card = await screen.findByRole('region', { name: 'Children' });
    expect(within(card).getByText('No children added yet.')).toBeInTheDocument();
    expect(within(card).getByRole('checkbox', { name: 'Unborn children' })).toBeChecked();
    // §9: ticked, the adviser is told the 9 months children's cover needs before a birth (FC4).
    const nineMonths = /only if the policy started at least 9 months before the baby is born/;
    expect(within(card).getByText(nineMonths)).toBeInTheDocument();
    const form = await openAddChild(user);
    await user.click(within(form).getByLabelText('Title'));
    await user.click(await screen.findByTitle('Miss'));
    await user.type(within(form).getByLabelText('First name'), ' Grace ');
    await user.type(within(form).getByLabelText('Surname'), 'Turing');
    await user.type(within(form).getByLabelText('Date of birth'), '14/03/2016{Enter}');
    await user.click(within(form).getByRole('button', { name: 'Add child' }));

    expect(await within(card).findByRole('listitem', { name: 'Miss Grace Turing' })).toHaveTextContent('Born 14/03/2016');
    expect(within(card).queryByRole('region', { name: 'Add a child' })).not.toBeInTheDocument();
    expect(within(card).getByRole('checkbox', { name: 'Unborn children' })).not.toBeChecked();
    expect(within(card).queryByText(nineMonths)).not.toBeInTheDocument();
    expect(await screen.findByText('Child added')).toBeInTheDocument();
    const post = requests.find((request) => request.method === 'POST');
    expect(post?.url.pathname).toBe(CHILDREN);
    expect(post?.body).toEqual({ title: 'Miss', firstName: 'Grace', surname: 'Turing', dateOfBirth: '2016-03-14' });
  });

  it('adds a child once when the first answer is 503: the re-send carries the same Idempotency-Key; the next child is a new key', async () => {
    const alan: Child = { id: 'child-2', title: null, firstName: 'Alan', surname: 'Junior', dateOfBirth: '2020-01-01' };
    let posts = 0;
    const { requests } = stubDetails(applicationFixture(), [
      {
        method: 'POST',
        path: CHILDREN,
        respond: () => {
          posts += 1;
          // The API may have saved Grace before the 503: the re-send with her key gets her, not a second Grace.
          if (posts === 1) return problem(503, { title: 'Service Unavailable', detail: 'The change may not have been saved; try again' });
          return json(applicationFixture({ children: posts === 2 ? [grace] : [grace, alan] }));
        },
      },
    ]);
    const user = userEvent.setup();
    renderClientDetails();
    const card = await screen.findByRole('region', { name: 'Children' });

    let form = await openAddChild(user);
    await user.type(within(form).getByLabelText('First name'), 'Grace');
    await user.type(within(form).getByLabelText('Surname'), 'Turing');
    await user.type(within(form).getByLabelText('Date of birth'), '14/03/2016{Enter}');
    await user.click(within(form).getByRole('button', { name: 'Add child' }));

    expect(await within(card).findByRole('listitem', { name: 'Miss Grace Turing' }, { timeout: 3000 })).toBeInTheDocument();
    expect(within(card).queryByRole('alert')).not.toBeInTheDocument();
    const sent = () => requests.filter((request) => request.method === 'POST');
    const keyOf = (request: RecordedRequest | undefined) => request?.headers.get('Idempotency-Key');
    expect(sent()).toHaveLength(2);
    expect(keyOf(sent()[0])).toMatch(/^[A-Za-z0-9\-_.:]{1,100}$/);
    expect(keyOf(sent()[1])).toBe(keyOf(sent()[0]));
    expect(sent()[1]?.body).toEqual(sent()[0]?.body);
    expect(requests.filter((request) => request.method === 'GET').every((request) => !request.headers.has('Idempotency-Key'))).toBe(true);

    form = await openAddChild(user);
    await user.type(within(form).getByLabelText('First name'), 'Alan');
    await user.type(within(form).getByLabelText('Surname'), 'Junior');
    await user.type(within(form).getByLabelText('Date of birth'), '01/01/2020{Enter}');
    await user.click(within(form).getByRole('button', { name: 'Add child' }));

    expect(await within(card).findByRole('listitem', { name: 'Alan Junior' })).toBeInTheDocument();
    expect(within(card).getAllByRole('listitem')).toHaveLength(2);
    expect(sent()).toHaveLength(3);
    expect(keyOf(sent()[2])).toMatch(/^[A-Za-z0-9\-_.:]{1,100}$/);
    expect(keyOf(sent()[2])).not.toBe(keyOf(sent()[0]));
  });

  it('asks for the names and date of birth, and refuses a child of 23 or more at once, without sending anything', async () => {
    const { requests } = stubDetails(applicationFixture());
    const user = userEvent.setup();
    renderClientDetails();

    const form = await openAddChild(user);
    await user.click(within(form).getByRole('button', { name: 'Add child' }));
    expect(await within(form).findByText('Please enter the child’s first name')).toBeInTheDocument();
    expect(within(form).getByText('Please enter the child’s surname')).toBeInTheDocument();
    expect(within(form).getByText('Please enter the child’s date of birth')).toBeInTheDocument();

    await user.type(within(form).getByLabelText('First name'), 'Grace');
    await user.type(within(form).getByLabelText('Surname'), 'Turing');
    const dateOfBirth = within(form).getByLabelText('Date of birth');
    await user.type(dateOfBirth, `${typedYearsAgo(23)}{Enter}`);
    await user.click(within(form).getByRole('button', { name: 'Add child' }));

    expect(await within(formItemOf(dateOfBirth)).findByText(TOO_OLD)).toBeInTheDocument();
    expect(requests.filter((request) => request.method === 'POST')).toHaveLength(0);
  });

  it('shows the server’s field errors beside the fields and keeps the form open', async () => {
    // The server is the authority: it checks the age on its own today.
    stubDetails(applicationFixture(), [
      {
        method: 'POST',
        path: CHILDREN,
        respond: () =>
          problem(422, {
            title: 'The application breaks a rule',
            detail: 'The child’s details break a rule',
            errors: [
              { field: 'dateOfBirth', message: TOO_OLD },
              { field: 'children', message: 'Something about all the children' },
            ],
          }),
      },
    ]);
    const user = userEvent.setup();
    renderClientDetails();

    const form = await openAddChild(user);
    await user.type(within(form).getByLabelText('First name'), 'Grace');
    await user.type(within(form).getByLabelText('Surname'), 'Turing');
    await user.type(within(form).getByLabelText('Date of birth'), '14/03/2016{Enter}');
    await user.click(within(form).getByRole('button', { name: 'Add child' }));

    const dateOfBirthItem = formItemOf(within(form).getByLabelText('Date of birth'));
    expect(await within(dateOfBirthItem).findByText(TOO_OLD)).toBeInTheDocument();
    const alert = within(form).getByRole('alert');
    expect(alert).toHaveTextContent('Please check the child’s details');
    expect(alert).toHaveTextContent('Something about all the children');
    expect(within(form).getByLabelText('First name')).toHaveValue('Grace');
  });

  it('edits a child with a PUT of every field, and says so when the child is no longer there', async () => {
    const renamed = applicationFixture({ children: [{ ...grace, firstName: 'Gracie' }] });
    let answer: () => Response = () => problem(404, { title: 'Not Found', detail: 'Child not found' });
    const { requests } = stubDetails(applicationFixture({ children: [grace] }), [
      { method: 'PUT', path: `${CHILDREN}/child-1`, respond: () => answer() },
    ]);
    const user = userEvent.setup();
    renderClientDetails();

    const card = await screen.findByRole('region', { name: 'Children' });
    await user.click(within(card).getByRole('button', { name: 'Edit Grace Turing' }));
    const form = within(card).getByRole('listitem', { name: 'Edit Grace Turing' });
    expect(within(form).getByLabelText('Date of birth')).toHaveValue('14/03/2016');
    const firstName = within(form).getByLabelText('First name');
    await user.clear(firstName);
    await user.type(firstName, 'Gracie');
    await user.click(within(form).getByRole('button', { name: 'Save changes' }));

    expect(await within(form).findByRole('alert')).toHaveTextContent('Child not found');

    answer = () => json(renamed);
    await user.click(within(form).getByRole('button', { name: 'Save changes' }));
    expect(await within(card).findByRole('listitem', { name: 'Miss Gracie Turing' })).toBeInTheDocument();
    const puts = requests.filter((request) => request.method === 'PUT');
    expect(puts).toHaveLength(2);
    expect(puts[1]?.body).toEqual({ title: 'Miss', firstName: 'Gracie', surname: 'Turing', dateOfBirth: '2016-03-14' });
  });

  it('asks before removing a child, then sends the DELETE and shows the list without them', async () => {
    const { requests } = stubDetails(applicationFixture({ children: [grace] }), [
      { method: 'DELETE', path: `${CHILDREN}/child-1`, respond: () => json(applicationFixture({ children: [] })) },
    ]);
    const user = userEvent.setup();
    renderClientDetails();

    const card = await screen.findByRole('region', { name: 'Children' });
    await user.click(within(card).getByRole('button', { name: 'Remove Grace Turing' }));
    const confirm = await screen.findByRole('tooltip');
    expect(confirm).toHaveTextContent('Remove Grace Turing?');
    expect(confirm).toHaveTextContent('Any share of a payout they were given is removed too.');
    expect(requests.some((request) => request.method === 'DELETE')).toBe(false);
    await user.click(within(confirm).getByRole('button', { name: 'Yes, remove' }));

    expect(await within(card).findByText('No children added yet.')).toBeInTheDocument();
    expect(requests.filter((request) => request.method === 'DELETE').map((request) => request.url.pathname)).toEqual([`${CHILDREN}/child-1`]);
  });

  it('shows the server’s message when a child to remove is not found', async () => {
    stubDetails(applicationFixture({ children: [grace] }), [
      { method: 'DELETE', path: `${CHILDREN}/child-1`, respond: () => problem(404, { title: 'Not Found', detail: 'Child not found' }) },
    ]);
    const user = userEvent.setup();
    renderClientDetails();

    const card = await screen.findByRole('region', { name: 'Children' });
    await user.click(within(card).getByRole('button', { name: 'Remove Grace Turing' }));
    await user.click(within(await screen.findByRole('tooltip')).getByRole('button', { name: 'Yes, remove' }));

    expect(await screen.findByText('Child not found')).toBeInTheDocument();
    expect(within(card).getByRole('listitem', { name: 'Miss Grace Turing' })).toBeInTheDocument();
  });

  it('sets the unborn-children flag with its own request', async () => {
    const { requests } = stubDetails(applicationFixture(), [
      { method: 'POST', path: '/api/v1/application/1001/hasUnbornChildren', respond: () => json(applicationFixture({ hasUnbornChildren: true })) },
    ]);
    const user = userEvent.setup();
    renderClientDetails();

    const card = await screen.findByRole('region', { name: 'Children' });
    const unborn = within(card).getByRole('checkbox', { name: 'Unborn children' });
    expect(unborn).not.toBeChecked();
    expect(unborn).toHaveAccessibleDescription('Tick if a client is expecting a baby. Adding a child clears this.');
    await user.click(unborn);

    await waitFor(() => expect(requests.filter((request) => request.method === 'POST')).toHaveLength(1));
    expect(requests.find((request) => request.method === 'POST')?.body).toEqual({ hasUnbornChildren: true });
    await waitFor(() => expect(within(card).getByRole('checkbox', { name: 'Unborn children' })).toBeChecked());
  });

  it('is read-only when the quote can no longer be changed', async () => {
    stubDetails(applicationFixture({ isQuoteEditable: false, status: 'APPLY', children: [grace], hasUnbornChildren: true }));
    renderClientDetails();

    const card = await screen.findByRole('region', { name: 'Children' });
    expect(within(card).getByRole('listitem', { name: 'Miss Grace Turing' })).toBeInTheDocument();
    expect(within(card).queryByRole('button')).not.toBeInTheDocument();
    expect(within(card).getByRole('checkbox', { name: 'Unborn children' })).toBeDisabled();
    expect(within(card).getByRole('checkbox', { name: 'Unborn children' })).toBeChecked();
  });
});
