import { readFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { ApiError } from '@/lib/api-error';
import { applicantFixture, applicationFixture, coverFixture, riderFixture } from '@/test/fixtures';
import { checkAmount, checkLength, checkRiderAge, checkRiderAmount, childrenCoverProblem, formNameOf, ridersFor, toCoverInput, toFormValues } from './cover-form-model';
import { priceProblems, type OfferedProduct, type ProductOffer, type ProductType, type RiderRules } from '../shared/application-model';

// The shipped catalogue, as the server reads it: the instant checks must agree with its limits. The
// cases and messages below are those of domain/src/catalogue/tests.rs.
const catalogueFile = resolve(dirname(fileURLToPath(import.meta.url)), '../../../../../product/catalogue.json');
// The file leaves out the periods a product does not have; the server offers them as empty lists.
type CatalogueProduct = Omit<OfferedProduct, 'label' | 'deferredPeriods' | 'paymentPeriods'> & Partial<Pick<OfferedProduct, 'deferredPeriods' | 'paymentPeriods'>>;
const catalogue = JSON.parse(readFileSync(catalogueFile, 'utf8')) as { products: CatalogueProduct[]; riders: RiderRules[] };
const labels: Record<ProductType, string> = {
  life: 'Life Protection',
  lifeessentials: 'Life Essentials',
  ci: 'Critical Illness',
  aci: 'Combined Life and Critical Illness',
  ccic: "Children's Critical Illness",
  ip: 'Income Protection',
};
const offer: ProductOffer = {
  about: 'SAMPLE',
  pricingBasis: 'Sample rates',
  products: catalogue.products.map((product) => ({
    ...product,
    label: labels[product.productType],
    deferredPeriods: product.deferredPeriods ?? [],
    paymentPeriods: product.paymentPeriods ?? [],
  })),
  riders: catalogue.riders,
};

function product(type: ProductType): OfferedProduct {
  const found = offer.products.find((candidate) => candidate.productType === type);
  if (!found) throw new Error(`no ${type} in the catalogue`);
  return found;
}

function rider(type: 'tpd' | 'ccic'): RiderRules {
  const found = offer.riders.find((candidate) => candidate.riderType === type);
  if (!found) throw new Error(`no ${type} rider`);
  return found;
}

describe('instant cover checks against the shipped catalogue', () => {
  it('checks amounts at both limits, with family income’s own limits', () => {
    expect(checkAmount(product('life'), 'level', 5_000)).toBeNull();
    expect(checkAmount(product('life'), 'level', 10_000_000)).toBeNull();
    expect(checkAmount(product('life'), 'level', 4_999)).toBe('Cover amount must be between £5,000 and £10,000,000');
    expect(checkAmount(product('life'), 'level', 10_000_001)).toBe('Cover amount must be between £5,000 and £10,000,000');
    expect(checkAmount(product('ip'), 'level', 299)).toBe('Monthly benefit must be between £300 and £20,000');
    expect(checkAmount(product('life'), 'familyIncome', 30_000)).toBeNull();
    expect(checkAmount(product('life'), 'familyIncome', 600_000)).toBe('Cover amount must be between £1,000 and £500,000');
  });

  it('checks the term, the to-age and where the cover ends for the client’s age', () => {
    expect(checkLength(product('ci'), 45, 'term', 30)).toBeNull();
    expect(checkLength(product('ci'), 45, 'term', 31)).toBe('Critical Illness cover must end by age 75; this cover would end at 76');
    expect(checkLength(product('ip'), 40, 'term', 10)).toBe('Income Protection cover must run to at least age 55');
    expect(checkLength(product('ci'), 30, 'term', 1)).toBe('Term must be between 2 and 50 years');
    expect(checkLength(product('life'), 40, 'toAge', 40)).toBe('Cover must end after the client’s current age of 40');
    expect(checkLength(product('life'), 40, 'toAge', 65)).toBeNull();
    expect(checkLength(product('lifeessentials'), 60, 'toAge', 64)).toBe('Cover must last at least 5 years');
    // Without a date of birth only the term's own limits can be checked.
    expect(checkLength(product('ci'), null, 'term', 49)).toBeNull();
  });

  it('checks riders: their amount, not more than the parent cover, and the age the cover ends', () => {
    expect(checkRiderAmount(rider('tpd'), 100_001, 100_000)).toBe('Total Permanent Disability cannot be more than the cover it is added to');
    expect(checkRiderAmount(rider('tpd'), 100_000, 100_000)).toBeNull();
    expect(checkRiderAmount(rider('ccic'), 30_000, 100_000)).toBe("Children's Critical Illness: Cover amount must be between £5,000 and £25,000");
    expect(checkRiderAge(rider('tpd'), 40, 30)).toBeNull();
    expect(checkRiderAge(rider('tpd'), 40, 31)).toBe('Total Permanent Disability is available only on cover ending by age 70');
  });

  it('offers only the riders that attach to the product', () => {
    expect(ridersFor(offer, product('life')).map((r) => r.riderType)).toEqual(['tpd']);
    expect(ridersFor(offer, product('aci')).map((r) => r.riderType)).toEqual(['ccic', 'tpd']);
    expect(ridersFor(offer, product('ip'))).toEqual([]);
  });

  it('allows children’s cover only beside another cover of the client’s, and once', () => {
    expect(childrenCoverProblem(applicantFixture({ covers: [] }))).toBe('Add cover for the client before adding Children’s Critical Illness cover');
    expect(childrenCoverProblem(applicantFixture({ covers: [coverFixture()] }))).toBeNull();
    expect(childrenCoverProblem(applicantFixture({ covers: [coverFixture(), coverFixture({ id: 'c2', productType: 'ccic' })] }))).toBe(
      'A client can have one Children’s Critical Illness cover',
    );
  });
});

describe('the cover sent to the server', () => {
  it('sends children’s cover with no term, amount as coverAmount, and everything else null', () => {
    const values = { productType: 'ccic' as const, coverType: 'level' as const, amount: 20_000, lengthBy: 'term' as const, term: 10 };
    expect(toCoverInput(values, product('ccic'), [])).toEqual({
      productType: 'ccic',
      coverType: 'level',
      coverAmount: 20_000,
      monthlyBenefit: null,
      term: null,
      toAge: null,
      deferredPeriod: null,
      paymentPeriod: null,
      riders: [],
    });
  });

  it('sends only the chosen riders, an empty amount as null, and round-trips a saved cover', () => {
    const life = product('life');
    const riders = ridersFor(offer, life);
    const input = toCoverInput(
      { productType: 'life', coverType: null, amount: null, lengthBy: 'toAge', term: 20, toAge: 65, riders: { tpd: { selected: true, coverAmount: null } } },
      life,
      riders,
    );
    expect(input).toMatchObject({ coverType: null, coverAmount: null, term: null, toAge: 65, riders: [{ riderType: 'tpd', coverAmount: null }] });
    expect(toCoverInput({ productType: 'life', riders: { tpd: { selected: false, coverAmount: 5_000 } } }, life, riders).riders).toEqual([]);

    const saved = coverFixture({ toAge: 70, term: null, riders: [riderFixture({ riderType: 'tpd', coverAmount: 50_000 })] });
    const values = toFormValues(saved);
    expect(values.lengthBy).toBe('toAge');
    expect(toCoverInput(values, life, riders)).toEqual({
      productType: 'life',
      coverType: 'level',
      coverAmount: 250_000,
      monthlyBenefit: null,
      term: null,
      toAge: 70,
      deferredPeriod: null,
      paymentPeriod: null,
      riders: [{ riderType: 'tpd', coverAmount: 50_000 }],
    });
  });
});

describe('server errors and pricing', () => {
  it('puts a server error beside the field it names, however the field is spelt', () => {
    expect(formNameOf('coverAmount', [])).toBe('amount');
    expect(formNameOf('cover.monthlyBenefit', [])).toBe('amount');
    expect(formNameOf('applicants[1].covers[0].term', [])).toBe('term');
    expect(formNameOf('riders.coverAmount', ['tpd'])).toEqual(['riders', 'tpd', 'coverAmount']);
    expect(formNameOf('riders.riderType', ['ccic'])).toEqual(['riders', 'ccic', 'selected']);
    // With two riders the field cannot say which: the message goes above the form.
    expect(formNameOf('riders.coverAmount', ['ccic', 'tpd'])).toBeUndefined();
    expect(formNameOf('cover', [])).toBeUndefined();
  });

  it('says which client and cover each pricing problem is about', () => {
    const application = applicationFixture({
      applicants: [applicantFixture({ firstName: null, lastName: null, covers: [coverFixture({ productType: 'ci' })] })],
    });
    const refusal = new ApiError(422, {
      type: 'urn:adviser-portal:problem:invalid',
      title: 'Unprocessable',
      status: 422,
      detail: 'The quote cannot be priced',
      errors: [
        { field: 'applicants[0].covers[0].term', message: 'Please complete this field' },
        { field: 'applicants[0].covers[0].coverType', message: 'Please complete this field' },
        { field: 'applicants[0].covers', message: 'Price needs at least one cover for both applicants' },
        { field: 'covers', message: 'Something else' },
      ],
    });
    expect(priceProblems(refusal, application, offer)).toEqual([
      'Client 1, Critical Illness: Please complete this field',
      'Client 1: Price needs at least one cover for both applicants',
      'Something else',
    ]);
    expect(priceProblems(new ApiError(422, undefined), application, offer)).toEqual(['The request failed with status 422']);
  });
});
