import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { applicantFixture, contactDetailsFixture, coverFixture } from '@/test/fixtures';
import { json, problem } from '@/test/fetch-stub';
import { formItemOf } from '@/test/antd';
import { CONTACT, pricedApplication, renderContactDetails, stubContactDetails } from './contact-details-harness';

const LOOKUP = /^\/api\/v1\/backendforfrontend\/address\/lookup\/(.+)$/;

/** One client with no address saved yet, so the address lines start hidden. */
const withoutAddress = () =>
  pricedApplication({
    applicants: [applicantFixture({ covers: [coverFixture()], contactDetails: contactDetailsFixture({ phoneNumber: '07700900123', emailAddress: 'alan@example.com' }) })],
  });

const found = {
  postcode: 'LS1 5HD',
  source: 'Sample gazetteer',
  isSample: true,
  addresses: [
    { id: 'ls15hd-1', address1: 'Flat 1', address2: '10 Park Row', address3: null, town: 'Leeds', county: 'West Yorkshire', postcode: 'LS1 5HD' },
    { id: 'ls15hd-2', address1: 'Flat 2', address2: '10 Park Row', address3: null, town: 'Leeds', county: 'West Yorkshire', postcode: 'LS1 5HD' },
    { id: 'ls15hd-3', address1: '12 Park Row', address2: null, address3: null, town: 'Leeds', county: null, postcode: 'LS1 5HD' },
  ],
};

describe('contact details page: the address', () => {
  it('looks the postcode up, fills the address from the one chosen (town as City) and says the addresses are sample data', async () => {
    const { requests } = stubContactDetails(withoutAddress(), [
      { method: 'GET', path: LOOKUP, respond: () => json(found) },
      { method: 'PATCH', path: CONTACT, respond: () => json(withoutAddress()) },
    ]);
    const user = userEvent.setup();
    renderContactDetails();

    const card = await screen.findByRole('region', { name: 'Client 1' });
    expect(within(card).queryByLabelText('Address line 1')).not.toBeInTheDocument();
    await user.type(within(card).getByLabelText('Postcode'), 'ls1 5hd');
    await user.click(within(card).getByRole('button', { name: 'Find address' }));

    expect(await within(card).findByText('3 addresses found')).toBeInTheDocument();
    expect(within(card).getByText('Sample addresses – not real address data')).toBeInTheDocument();
    const lookup = requests.find((request) => LOOKUP.test(request.url.pathname));
    expect(decodeURIComponent(lookup?.url.pathname ?? '')).toBe('/api/v1/backendforfrontend/address/lookup/ls1 5hd');

    await user.click(within(card).getByLabelText('Choose the address'));
    const options = await screen.findAllByTitle('Flat 2, 10 Park Row, Leeds');
    const option = options.find((element) => element.classList.contains('ant-select-item-option'));
    if (!option) throw new Error('no option for Flat 2');
    await user.click(option);

    expect(within(card).getByLabelText('Address line 1')).toHaveValue('Flat 2');
    expect(within(card).getByLabelText('Address line 2')).toHaveValue('10 Park Row');
    expect(within(card).getByLabelText('Address line 3')).toHaveValue('');
    expect(within(card).getByLabelText('City')).toHaveValue('Leeds');
    expect(within(card).getByLabelText('County')).toHaveValue('West Yorkshire');
    expect(within(card).getByLabelText('Postcode')).toHaveValue('LS1 5HD');

    await user.click(within(card).getByRole('button', { name: 'Save contact details' }));
    await waitFor(() => expect(requests.some((request) => request.method === 'PATCH')).toBe(true));
    expect(requests.find((request) => request.method === 'PATCH')?.body).toEqual({
      applicantId: 'applicant-1',
      address1: 'Flat 2',
      address2: '10 Park Row',
      cityName: 'Leeds',
      county: 'West Yorkshire',
      postcode: 'LS1 5HD',
    });
  });

  it('says when a postcode has no addresses and opens the lines to type', async () => {
    stubContactDetails(withoutAddress(), [
      { method: 'GET', path: LOOKUP, respond: () => json({ postcode: 'LS1 4AP', source: 'Sample gazetteer', isSample: false, addresses: [] }) },
    ]);
    const user = userEvent.setup();
    renderContactDetails();

    const card = await screen.findByRole('region', { name: 'Client 1' });
    await user.type(within(card).getByLabelText('Postcode'), 'LS14AP');
    await user.click(within(card).getByRole('button', { name: 'Find address' }));

    expect(await within(card).findByText('No addresses found for LS1 4AP – enter the address below')).toBeInTheDocument();
    expect(within(card).getByLabelText('Address line 1')).toBeInTheDocument();
    expect(within(card).queryByText('Sample addresses – not real address data')).not.toBeInTheDocument();
  });

  it('shows why a postcode is refused on the postcode field', async () => {
    stubContactDetails(withoutAddress(), [
      {
        method: 'GET',
        path: LOOKUP,
        respond: () => problem(400, { title: 'Bad Request', detail: 'The request is not valid', errors: [{ field: 'postcode', message: 'Postcodes of the British Overseas Territories cannot be accepted' }] }),
      },
    ]);
    const user = userEvent.setup();
    renderContactDetails();

    const card = await screen.findByRole('region', { name: 'Client 1' });
    const postcode = within(card).getByLabelText('Postcode');
    await user.type(postcode, 'SW1A 1AX');
    await user.click(within(card).getByRole('button', { name: 'Find address' }));

    expect(await within(formItemOf(postcode)).findByText('Postcodes of the British Overseas Territories cannot be accepted')).toBeInTheDocument();
    expect(within(card).queryByLabelText('Address line 1')).not.toBeInTheDocument();
  });

  it('tells the adviser to enter the address by hand when the address service cannot answer, and opens the lines', async () => {
    const detail = 'The address service is not available just now. Please enter the address by hand.';
    stubContactDetails(withoutAddress(), [
      { method: 'GET', path: LOOKUP, respond: () => problem(503, { title: 'Service Unavailable', detail }) },
    ]);
    const user = userEvent.setup();
    renderContactDetails();

    const card = await screen.findByRole('region', { name: 'Client 1' });
    await user.type(within(card).getByLabelText('Postcode'), 'LS1 4AP');
    await user.click(within(card).getByRole('button', { name: 'Find address' }));

    expect(await within(card).findByText(detail)).toBeInTheDocument();
    expect(within(card).getByLabelText('Address line 1')).toBeInTheDocument();
    expect(within(card).getByLabelText('City')).toBeInTheDocument();
    expect(within(card).queryByRole('button', { name: 'Enter the address manually' })).not.toBeInTheDocument();
  });

  it('opens the address lines on request, and asks for the first line and City before saving', async () => {
    const { requests } = stubContactDetails(withoutAddress());
    const user = userEvent.setup();
    renderContactDetails();

    const card = await screen.findByRole('region', { name: 'Client 1' });
    await user.click(within(card).getByRole('button', { name: 'Enter the address manually' }));
    await user.type(within(card).getByLabelText('Address line 2'), 'x'.repeat(41));
    await user.type(within(card).getByLabelText('Postcode'), 'LS1 4AP');
    await user.click(within(card).getByRole('button', { name: 'Save contact details' }));

    expect(await within(card).findByText('Please enter the first line of the address')).toBeInTheDocument();
    expect(within(card).getByText('Please enter a town or city')).toBeInTheDocument();
    expect(within(card).getByText('Address line 2 must be 40 characters or fewer')).toBeInTheDocument();
    expect(requests.filter((request) => request.method === 'PATCH')).toHaveLength(0);
  });
});
