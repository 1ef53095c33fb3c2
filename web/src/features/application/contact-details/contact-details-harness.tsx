/** What the contact-details page tests share: the page rendered at its route, with the network stubbed. */
import type { Schemas } from '@/lib/api-client';
import { routePatterns } from '@/app/paths';
import { type Route } from '@/test/fetch-stub';
import { adviserFixture, applicantFixture, applicationFixture, contactDetailsFixture, coverFixture, quoteFixture, sectionFixture, secondApplicantFixture } from '@/test/fixtures';
import { stubApplication } from '@/test/application-stub';
import { renderRoute } from '@/test/render';
import { ukToday } from '@/lib/rules/dates';
import { ContactDetailsRoute } from './contact-details-route';

type Application = Schemas['Application'];
type Adviser = Schemas['Adviser'];

export const APPLICATION = '/api/v1/application/1001';
export const ADVISER = '/api/v1/backendforfrontend/adviser';
export const CONTACT = '/api/v1/backendforfrontend/applicant/contact';
export const VALIDATE_EMAIL = '/api/v2/backendforfrontend/validate/email';
export const PRICE = '/api/v1/backendforfrontend/application/1001/quotePrice';

export const savedContact = contactDetailsFixture({
  address1: '1 River Lane',
  cityName: 'Leeds',
  postcode: 'LS1 4AP',
  phoneNumber: '07700900123',
  emailAddress: 'alan@example.com',
});

/** A priced application at the Quote stage, its quote created today, with one client (or two). */
export function pricedApplication(overrides: Partial<Application> = {}): Application {
  const today = ukToday();
  return applicationFixture({
    status: 'QUOTE',
    applicationStatus: 'Quote',
    applicants: [applicantFixture({ covers: [coverFixture()], contactDetails: savedContact })],
    quote: quoteFixture({ quoteCreatedDate: today, quoteAgeDate: today }),
    validUntil: today,
    sections: [
      sectionFixture('planbuilder', true),
      sectionFixture('planquote', true),
    ],
    ...overrides,
  });
}

export function secondClient(overrides: Partial<Application['applicants'][number]> = {}) {
  return secondApplicantFixture({
    covers: [coverFixture({ id: 'cover-2' })],
    contactDetails: null,
    ...overrides,
  });
}

/** The application, the adviser, and whatever else the test needs. */
export function stubContactDetails(application: Application, more: Route[] = [], adviser: Adviser = adviserFixture()) {
  return stubApplication(application, more, adviser);
}

export function renderContactDetails() {
  return renderRoute(<ContactDetailsRoute />, { path: routePatterns.contactDetails, url: '/application/1001/contact-details' });
}

