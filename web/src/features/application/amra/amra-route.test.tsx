import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { Schemas } from '@/lib/api-client';
import { routePatterns } from '@/app/paths';
import { BLACKLIST_MESSAGE } from '@/lib/rules/email';
import { json } from '@/test/fetch-stub';
import { stubApplication } from '@/test/application-stub';
import { applicantFixture, applicationFixture, contactDetailsFixture, coverFixture, quoteFixture } from '@/test/fixtures';
import { renderRoute } from '@/test/render';
import { AmraRoute } from './amra-route';

const EXAMINER = '/api/v1/backendforfrontend/applicant/examiner';
const VALIDATE_EMAIL = '/api/v2/backendforfrontend/validate/email';
const LOOKUP = '/api/v1/backendforfrontend/examiner/lookup';

type Examiner = NonNullable<Schemas['ApplicantView']['examiner']>;

function applied(examiner: Examiner | null = null) {
  return applicationFixture({
    status: 'APPLY',
    applicationStatus: 'Apply',
    quote: quoteFixture(),
    applicants: [applicantFixture({ covers: [coverFixture()], examiner })],
  });
}

const savedDoctor: Examiner = {
  title: 'Dr',
  forename: 'Amara',
  surname: 'Okafor',
  organisationName: null,
  contactDetails: contactDetailsFixture({
    address1: 'Unit 4',
    address2: 'Kirkstall Health Park',
    address3: '81 Station Road',
    cityName: 'Leeds',
    county: 'West Yorkshire',
    postcode: 'LS6 7DJ',
    phoneNumber: '01131860913',
    emailAddress: 'reception@bücher.example',
  }),
  isExaminerDetailsValid: true,
};

function render() {
  return renderRoute(<AmraRoute />, { path: routePatterns.amra, url: '/application/1001/amra' });
}

async function card() {
  return screen.findByRole('region', { name: 'Alan Turing' });
}

async function fill(region: HTMLElement, label: string, text: string) {
  const box = within(region).getByLabelText(label);
  await userEvent.clear(box);
  if (text !== '') await userEvent.type(box, text);
}

// Typing a whole surgery takes a while under a loaded test run.
describe('AMRA page: the doctor or surgery (FC1)', { timeout: 60_000 }, () => {
  it('shows every saved field back: title, three address lines, county and the email, confirmed', async () => {
    stubApplication(applied(savedDoctor));
    render();
    const region = await card();
    const value = (label: string) => within(region).getByLabelText<HTMLInputElement>(label).value;
    expect(value('Doctor’s title')).toBe('Dr');
    expect(value('Address line 3')).toBe('81 Station Road');
    expect(value('County')).toBe('West Yorkshire');
    expect(value('Surgery email (optional)')).toBe('reception@bücher.example');
    expect(value('Confirm surgery email')).toBe('reception@bücher.example');
    // §9's constants, in the page's words.
    expect(within(region).getByText(/the report is held for 21 days from when it arrives/)).toBeInTheDocument();
    expect(screen.getByText(/Consent lasts 12 months/)).toBeInTheDocument();
  });

  it('sends title, address line 3, county and a checked email with isExaminerDetailsValid "true"', async () => {
    const { requests } = stubApplication(applied(), [
      { method: 'GET', path: VALIDATE_EMAIL, respond: () => json({ isValid: true, status: 'Success', message: null }) },
      { method: 'PATCH', path: EXAMINER, respond: () => json(applied(savedDoctor)) },
    ]);
    render();
    const region = await card();
    await fill(region, 'Doctor’s title', 'Dr');
    await fill(region, 'Doctor’s forename', 'Amara');
    await fill(region, 'Doctor’s surname', 'Okafor');
    await fill(region, 'Address line 1', 'Unit 4');
    await fill(region, 'Address line 3', '81 Station Road');
    await fill(region, 'Town or city', 'Leeds');
    await fill(region, 'County', 'West Yorkshire');
    await fill(region, 'Postcode', 'LS6 7DJ');
    await fill(region, 'Telephone', '0113 186 0913');
    await fill(region, 'Surgery email (optional)', 'Reception@Bücher.example');
    await fill(region, 'Confirm surgery email', 'reception@bücher.example');
    await userEvent.click(within(region).getByRole('button', { name: 'Save surgery' }));

    await waitFor(() => expect(requests.some((r) => r.method === 'PATCH')).toBe(true));
    expect(requests.find((r) => r.url.pathname === VALIDATE_EMAIL)?.url.searchParams.get('email')).toBe('Reception@bücher.example');
    expect(requests.find((r) => r.method === 'PATCH')?.body).toEqual({
      applicantId: 'applicant-1',
      title: 'Dr',
      forename: 'Amara',
      surname: 'Okafor',
      organisationName: null,
      contactDetails: {
        address1: 'Unit 4',
        address2: null,
        address3: '81 Station Road',
        cityName: 'Leeds',
        county: 'West Yorkshire',
        postcode: 'LS6 7DJ',
        phoneNumber: '0113 186 0913',
        emailAddress: 'Reception@Bücher.example',
      },
      confirmEmailAddress: 'reception@bücher.example',
      isExaminerDetailsValid: 'true',
    });
    expect(await within(region).findByText('Surgery saved')).toBeInTheDocument();
  });

  it('refuses a surgery email the email service refuses, on the field, without saving', async () => {
    const { requests } = stubApplication(applied(), [
      { method: 'GET', path: VALIDATE_EMAIL, respond: () => json({ isValid: false, status: 'FailureBlacklist', message: BLACKLIST_MESSAGE }) },
    ]);
    render();
    const region = await card();
    await fill(region, 'Surgery name', 'Riverside Surgery');
    await fill(region, 'Surgery email (optional)', 'gp@qq.com');
    await fill(region, 'Confirm surgery email', 'gp@qq.com');
    await userEvent.click(within(region).getByRole('button', { name: 'Save surgery' }));

    expect(await within(region).findByText('Please check surgery emailAddress')).toBeInTheDocument();
    const email = within(region).getByLabelText('Surgery email (optional)');
    expect(email).toHaveAttribute('aria-invalid', 'true');
    expect(within(region).getByText(BLACKLIST_MESSAGE)).toBeInTheDocument();
    expect(requests.some((r) => r.method === 'PATCH')).toBe(false);
  });

  it('saves incomplete details as not valid and lists what is missing, the email unconfirmed among them', async () => {
    const { requests } = stubApplication(applied(), [
      { method: 'GET', path: VALIDATE_EMAIL, respond: () => json({ isValid: true, status: 'Success', message: null }) },
      { method: 'PATCH', path: EXAMINER, respond: () => json(applied()) },
    ]);
    render();
    const region = await card();
    await fill(region, 'Surgery name', 'Riverside Surgery');
    await fill(region, 'Surgery email (optional)', 'gp@riverside.example');
    await userEvent.click(within(region).getByRole('button', { name: 'Save surgery' }));

    await waitFor(() => expect(requests.some((r) => r.method === 'PATCH')).toBe(true));
    expect(requests.find((r) => r.method === 'PATCH')?.body).toMatchObject({ isExaminerDetailsValid: 'false' });
    expect(
      await within(region).findByText(
        'Saved; some details are still missing. Please check surgery address1, surgery cityName, surgery postcode, surgery number and surgery confirmEmailAddress',
      ),
    ).toBeInTheDocument();
    expect(within(region).getByText('Please confirm the email address')).toBeInTheDocument();
  });

  it('fills address line 3 and the county from the surgery look-up', async () => {
    const surgery = {
      code: 'SAMPLE002',
      organisationName: 'The Health Centre',
      contactDetails: { address1: 'Unit 4', address2: 'Kirkstall Health Park', address3: '81 Station Road', cityName: 'LEEDS', county: 'West Yorkshire', postcode: 'LS6 7DJ', phoneNumber: '0113 1860913', emailAddress: null },
    };
    stubApplication(applied(), [{ method: 'GET', path: LOOKUP, respond: () => json({ surgeries: [surgery], source: 'Sample', isSample: true }) }]);
    render();
    const region = await card();
    await userEvent.type(within(region).getByRole('combobox', { name: 'Find the surgery by name, town or postcode' }), 'health');
    const label = 'The Health Centre, Unit 4, LEEDS LS6 7DJ';
    const option = (await screen.findAllByTitle(label)).find((element) => element.classList.contains('ant-select-item-option'));
    if (!option) throw new Error('no option for the Health Centre');
    await userEvent.click(option);
    await waitFor(() => expect(within(region).getByLabelText('Surgery name')).toHaveValue('The Health Centre'));
    const value = (label: string) => within(region).getByLabelText<HTMLInputElement>(label).value;
    expect(value('Surgery name')).toBe('The Health Centre');
    expect(value('Address line 2')).toBe('Kirkstall Health Park');
    expect(value('Address line 3')).toBe('81 Station Road');
    expect(value('County')).toBe('West Yorkshire');
  });

  it('takes at most 40 characters in each address line, town and county, and 100 in a name or email (§5, §9)', async () => {
    stubApplication(applied());
    render();
    const region = await card();
    for (const label of ['Address line 1', 'Address line 2', 'Address line 3', 'Town or city', 'County']) {
      expect(within(region).getByLabelText(label)).toHaveAttribute('maxlength', '40');
    }
    for (const label of ['Doctor’s title', 'Doctor’s forename', 'Doctor’s surname', 'Surgery name', 'Surgery email (optional)', 'Confirm surgery email']) {
      expect(within(region).getByLabelText(label)).toHaveAttribute('maxlength', '100');
    }
    await fill(region, 'Address line 3', 'x'.repeat(45));
    expect(within(region).getByLabelText('Address line 3')).toHaveValue('x'.repeat(40));
  });
});
