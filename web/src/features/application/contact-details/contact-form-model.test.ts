import { describe, expect, it } from 'vitest';
import { contactDetailsFixture } from '@/test/fixtures';
import {
  addressFromLookup,
  addressLabel,
  applicationProblem,
  applyProblems,
  clientProblems,
  contactChanges,
  hasAddress,
  problemFieldId,
  problemTarget,
  toContactFormValues,
} from './contact-form-model';

const saved = contactDetailsFixture({
  address1: '1 River Lane',
  cityName: 'Leeds',
  postcode: 'LS1 4AP',
  phoneNumber: '07700900123',
  emailAddress: 'jane@example.com',
});

describe('contact form values', () => {
  it('shows the saved details with the phone grouped and the saved email as confirmed', () => {
    expect(toContactFormValues(saved)).toEqual({
      address1: '1 River Lane',
      address2: null,
      address3: null,
      cityName: 'Leeds',
      county: null,
      postcode: 'LS1 4AP',
      phoneNumber: '07700 900123',
      emailAddress: 'jane@example.com',
      confirmEmailAddress: 'jane@example.com',
    });
    expect(toContactFormValues(null).phoneNumber).toBeNull();
  });

  it('knows whether any address line is filled in', () => {
    expect(hasAddress(saved)).toBe(true);
    expect(hasAddress({ phoneNumber: '07700900123', address2: '  ' })).toBe(false);
    expect(hasAddress(null)).toBe(false);
  });
});

describe('contactChanges', () => {
  it('sends only what changed, in the server’s normalised forms', () => {
    const values = { ...toContactFormValues(saved), phoneNumber: '+44 7700 900456', postcode: 'ls14ap', address2: 'Holbeck' };
    expect(contactChanges(saved, values, true)).toEqual({ phoneNumber: '07700900456', address2: 'Holbeck' });
  });

  it('treats retyped spacing and case as no change', () => {
    const values = { ...toContactFormValues(saved), phoneNumber: '077 0090 0123', emailAddress: 'jane@EXAMPLE.com', cityName: ' Leeds ' };
    expect(contactChanges(saved, values, true)).toEqual({});
  });

  it('clears a field emptied with null', () => {
    expect(contactChanges(saved, { ...toContactFormValues(saved), emailAddress: '' }, true)).toEqual({ emailAddress: null });
  });

  it('leaves the address out while the client shares the other client’s', () => {
    const values = { ...toContactFormValues(saved), address1: '2 Canal Wharf', phoneNumber: '0113 496 0000' };
    expect(contactChanges(saved, values, false)).toEqual({ phoneNumber: '01134960000' });
  });
});

describe('looked-up addresses', () => {
  const found = { id: 'a1', address1: 'Flat 2', address2: '10 Park Row', address3: null, town: 'Leeds', county: 'West Yorkshire', postcode: 'LS1 5HD' };

  it('fill the form, the town becoming the City', () => {
    expect(addressFromLookup(found)).toEqual({
      address1: 'Flat 2',
      address2: '10 Park Row',
      address3: null,
      cityName: 'Leeds',
      county: 'West Yorkshire',
      postcode: 'LS1 5HD',
    });
  });

  it('are listed by their lines and town', () => {
    expect(addressLabel(found)).toBe('Flat 2, 10 Park Row, Leeds');
  });
});

describe('what applying names', () => {
  it('reads a client’s path and a bare field', () => {
    expect(problemTarget('applicants[1].postcode')).toEqual({ client: 1, field: 'postcode' });
    expect(problemTarget('applicants[0].isAcceptedPreUnderwritingDeclaration')).toEqual({ client: 0, field: 'isAcceptedPreUnderwritingDeclaration' });
    expect(problemTarget('applicants[1]')).toEqual({ client: 1, field: '' });
    expect(problemTarget('isMortgageRelated')).toEqual({ client: null, field: 'isMortgageRelated' });
  });

  it('lists every problem by client and field, and places each', () => {
    const problems = applyProblems([
      { field: 'contactDetails', message: 'Complete the contact details before applying' },
      { field: 'applicants[1].postcode', message: 'Please enter a postcode' },
      { field: 'applicants[0].phoneNumber', message: 'Please enter a phone number' },
      { field: 'applicants[1].isAcceptedPreUnderwritingDeclaration', message: 'The client must accept the declaration' },
      { field: 'applicants[0].nickname', message: 'Something else' },
      { field: 'isMortgageRelated', message: 'Please say whether the cover is for a mortgage' },
    ]);
    expect(problems.map((problem) => problem.text)).toEqual([
      'Complete the contact details before applying',
      'Client 2: postcode – Please enter a postcode',
      'Client 1: telephone – Please enter a phone number',
      'Client 2: declaration – The client must accept the declaration',
      'Client 1: nickname – Something else',
      'Please say whether the cover is for a mortgage',
    ]);
    expect(clientProblems(problems, 1)).toEqual([
      { field: 'postcode', message: 'Please enter a postcode' },
      { field: 'isAcceptedPreUnderwritingDeclaration', message: 'The client must accept the declaration' },
    ]);
    expect(applicationProblem(problems, 'isMortgageRelated')).toBe('Please say whether the cover is for a mortgage');
    expect(applicationProblem(problems, 'isAdvisedSale')).toBeUndefined();
  });

  it('finds the field on the page that puts each problem right, for the summary’s links', () => {
    const clients = ['applicant-1', 'applicant-2'];
    const fieldOf = (field: string) => problemFieldId(problemTarget(field), clients);
    expect(fieldOf('applicants[1].postcode')).toBe('contact-applicant-2_postcode');
    expect(fieldOf('applicants[0].phoneNumber')).toBe('contact-applicant-1_phoneNumber');
    expect(fieldOf('applicants[1].isAcceptedPreUnderwritingDeclaration')).toBe('declaration-2');
    expect(fieldOf('applicants[1].sameAddressApplicantId')).toBe('contact-applicant-2-same-address');
    expect(fieldOf('isMortgageRelated')).toBe('sale-question-isMortgageRelated');
    expect(fieldOf('isAdvisedSale')).toBe('sale-question-isAdvisedSale');
    // Not fields of this page: a heading over a client's items, the quote, a client not on the case.
    expect(fieldOf('contactDetails')).toBeNull();
    expect(fieldOf('quote')).toBeNull();
    expect(fieldOf('applicants[0].nickname')).toBeNull();
    expect(fieldOf('applicants[2].postcode')).toBeNull();
  });
});
