/**
 * Cases the browser tests need at a later stage, put there over the API as an integrator would,
 * so a test walks only the pages it is about.
 */
import { expect, inject } from 'vitest';
import { eventually } from './browser';
import { ADVISER, apiCall, tokenFor } from './steps';

const baseUrl = inject('baseUrl');

/** A client with nothing to disclose (domain::testkit::PLAIN_ANSWERS). */
export const PLAIN: [string, string][] = [
  ['HEIGHT_UNITS', 'metric'], ['HEIGHT', '1.78'], ['WEIGHT_UNITS', 'metric'], ['WEIGHT', '76'],
  ['OCCUPATION', 'Software developer'], ['EARNINGS', '42000'], ['HAZARDOUS_DUTIES', 'No'],
  ['ALCOHOL_UNITS', '10'], ['DRUGS', 'No'], ['HAZARDOUS_PURSUITS', 'No'], ['TRAVEL', 'No'],
  ['HAS_CONDITIONS', 'No'], ['FAMILY_HISTORY', 'No'], ['GP_REGISTERED_SINCE', '2015-06-01'], ['GP_PENDING', 'No'],
];

/** A call under /api/v2, which `apiCall` (v1) does not reach. */
async function apiV2(token: string, path: string): Promise<void> {
  const response = await fetch(`${baseUrl}/api/v2/${path}`, { method: 'POST', headers: { authorization: `Bearer ${token}` } });
  if (!response.ok) throw new Error(`POST v2 ${path}: ${String(response.status)} ${await response.text()}`);
}

/** The one client of a case made over the API: who they are and where they are reached. */
export interface CaseClient {
  title: string;
  firstName: string;
  lastName: string;
  gender: 'male' | 'female';
  /** As the API takes it, YYYY-MM-DD. */
  dateOfBirth: string;
  email: string;
}

/** Grace Hopper, born 9 December 1976. */
const GRACE = { title: 'Ms', firstName: 'Grace', lastName: 'Hopper', gender: 'female', dateOfBirth: '1976-12-09' } as const;
/** Level life cover of £150,000 for 20 years. */
const LIFE = { productType: 'life', coverType: 'level', coverAmount: 150000, term: 20 };

/**
 * The adviser's case for `client` with `cover`, priced, contact details and the pre-underwriting
 * declaration given, and applied for (Apply), as an integrator would over the API.
 */
export async function appliedCase(client: CaseClient, cover: Record<string, unknown> = LIFE): Promise<{ token: string; id: number; applicant: string }> {
  const token = await tokenFor(ADVISER.email);
  const created = await apiCall(token, 'POST', 'backendforfrontend/application/create');
  const id = created.id as number;
  const { email, ...person } = client;
  const added = await apiCall(token, 'POST', `backendforfrontend/application/${String(id)}/AddApplicant`, {
    applicationId: id,
    applicant: { ...person, smoking: 'noneInFiveYears' },
  });
  const applicant = (added.applicants as { id: string }[])[0]?.id ?? '';
  await apiCall(token, 'POST', 'actions/MutateCovers/add', { applicationId: id, applicantId: applicant, cover });
  await apiCall(token, 'PATCH', 'backendforfrontend/applicant/contact', {
    applicantId: applicant, address1: '1 Station Road', cityName: 'Leeds', postcode: 'LS1 4AP', phoneNumber: '0113 496 0000', emailAddress: email,
  });
  await apiCall(token, 'GET', `backendforfrontend/application/${String(id)}/quotePrice`);
  await apiCall(token, 'POST', `application/${String(id)}/applicant/${applicant}/acceptPreUnderwritingDeclaration`);
  await apiCall(token, 'POST', 'backendforfrontend/application/isMortgageRelated', { id, isMortgageRelated: false });
  await apiCall(token, 'POST', 'backendforfrontend/application/isAdvisedSale', { id, isAdvisedSale: true });
  await apiCall(token, 'POST', 'backendforfrontend/application/ApplyApplication', { applicationId: id });
  return { token, id, applicant };
}

/**
 * Grace Hopper (born 9 December 1976, `email`) with life cover on standard terms, put in force
 * today by the adviser over the API; answers the application's reference and her policy number.
 */
export async function policyInForce(email: string): Promise<{ id: number; policyNumber: string }> {
  const { token, id, applicant: grace } = await appliedCase({ ...GRACE, email });
  await apiCall(token, 'POST', `underwriting/${grace}/start`, { answers: [{ tag: 'ENQUIRY_TYPE', value: 'Full' }] });
  await apiCall(token, 'POST', `actions/provideanswers/${grace}`, { answers: PLAIN.map(([tag, value]) => ({ tag, value })) });
  await apiCall(token, 'POST', 'actions/acceptuwdeclaration', { applicationId: id, applicantId: grace });
  await apiCall(token, 'POST', `underwriting/${grace}/close`);
  await eventually(async () => {
    const application = await apiCall(token, 'GET', `application/${String(id)}`);
    expect(application.status).toBe('DECISION');
  }, 20_000);
  await apiCall(token, 'POST', `actions/TriggerDecisionQuote/${String(id)}`);
  await apiCall(token, 'POST', `decision/${String(id)}/proceed`);
  await apiCall(token, 'POST', `application/${String(id)}/bankDetails`, {
    bankDetails: { name: 'Ms Grace Hopper', accountNumber: '66374958', sortCode: '08-99-99', collectionDay: 15, payerConfirmed: true },
  });
  await apiV2(token, `backendforfrontend/bankvalidation/${String(id)}`);
  await apiCall(token, 'POST', `backendforfrontend/bankValidation/${String(id)}/override`);
  await apiCall(token, 'POST', 'backendforfrontend/application/policyStartDate', { id, policyStartDateOption: 'now' });
  const active = await apiCall(token, 'POST', `actions/activateApplication/${String(id)}`);
  const policies = active.policies as { policyReference: string }[];
  return { id, policyNumber: policies[0]?.policyReference ?? '' };
}

/**
 * A new application for Grace Hopper (the same `email` and date of birth), applied for, whose
 * health questions the adviser has sent her to answer in the client portal; answers its reference.
 */
export async function questionsSentTo(email: string): Promise<number> {
  const { token, id, applicant: grace } = await appliedCase({ ...GRACE, email });
  await apiCall(token, 'POST', `underwriting/${grace}/start`, { answers: [{ tag: 'ENQUIRY_TYPE', value: 'Full' }] });
  await apiCall(token, 'POST', `portal/apply/${String(id)}`, { applicantId: grace });
  return id;
}
