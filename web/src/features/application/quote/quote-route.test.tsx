import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { routePatterns } from '@/app/paths';
import type { Schemas } from '@/lib/api-client';
import { json, problem, stubApi, type Route } from '@/test/fetch-stub';
import { applicantFixture, applicationFixture, coverFixture, productOfferFixture, quoteApplicantFixture, quoteCoverFixture, quoteFixture, sectionFixture, secondApplicantFixture } from '@/test/fixtures';
import { renderRoute } from '@/test/render';
import { choose, formItemOf } from '@/test/antd';
import { QuoteRoute } from './quote-route';

type Application = Schemas['Application'];

const APPLICATION = '/api/v1/application/1001';
const PRODUCTS = '/api/v1/backendforfrontend/products';
const PRICE = '/api/v1/backendforfrontend/application/1001/quotePrice';

function renderQuote(applicationId = 1001) {
  return renderRoute(<QuoteRoute />, { path: routePatterns.quote, url: `/application/${String(applicationId)}/quote` });
}

/** The application, the products, and whatever else the test needs. */
function stubQuote(application: Application, more: Route[] = []) {
  return stubApi([
    { method: 'GET', path: APPLICATION, respond: () => json(application) },
    { method: 'GET', path: PRODUCTS, respond: () => json(productOfferFixture()) },
    ...more,
  ]);
}

const twoClients = () =>
  applicationFixture({
    applicants: [
      applicantFixture({ covers: [coverFixture()] }),
      secondApplicantFixture({
        covers: [coverFixture({ id: 'cover-2', productType: 'ip', coverType: 'level', coverAmount: null, monthlyBenefit: 1500, term: null, toAge: 65, deferredPeriod: 13, paymentPeriod: 'full' })],
      }),
    ],
  });

describe('quote page', () => {
  it('shows each client’s covers, each cover’s premium, the total a month and the pricing basis beside it', async () => {
    const priced = twoClients();
    priced.quote = quoteFixture({
      premium: 61.2,
      quoteApplicants: [
        quoteApplicantFixture({ id: 'applicant-1', premium: 23.45, quoteCovers: [quoteCoverFixture({ coverId: 'cover-1', premium: 23.45 })] }),
        quoteApplicantFixture({ id: 'applicant-2', premium: 37.75, quoteCovers: [quoteCoverFixture({ coverId: 'cover-2', premium: 37.75 })] }),
      ],
    });
    stubQuote(priced);
    renderQuote();

    expect(await screen.findByRole('heading', { level: 1, name: 'Quote' })).toBeInTheDocument();
    const alan = await screen.findByRole('region', { name: 'Alan Turing' });
    expect(within(alan).getByText('Age 45')).toBeInTheDocument();
    const life = within(alan).getByRole('listitem', { name: 'Life Protection' });
    expect(life).toHaveTextContent('Life Protection');
    expect(life).toHaveTextContent('Level');
    expect(life).toHaveTextContent('£250,000');
    expect(life).toHaveTextContent('25 years');
    expect(life).toHaveTextContent('£23.45 a month');

    const ip = within(screen.getByRole('region', { name: 'Ada Lovelace' })).getByRole('listitem', { name: 'Income Protection' });
    expect(ip).toHaveTextContent('Income Protection');
    expect(ip).toHaveTextContent('£1,500');
    expect(ip).toHaveTextContent('Age 65');
    expect(ip).toHaveTextContent('13 weeks');
    expect(ip).toHaveTextContent('Full-term');
    expect(ip).toHaveTextContent('£37.75 a month');

    const summary = screen.getByRole('complementary', { name: 'Total a month' });
    expect(within(summary).getByText('£61.20 a month')).toBeInTheDocument();
    expect(summary).toHaveTextContent('Alan Turing£23.45 a month');
    expect(summary).toHaveTextContent('Ada Lovelace£37.75 a month');
    expect(await within(summary).findByText(/Sample rates \(ELT15 basis\)/)).toBeInTheDocument();
  });

  it('adds a cover with every field (empty ones as null) and shows the price the same answer carries, in one request', async () => {
    const added = applicationFixture({ applicants: [applicantFixture({ covers: [coverFixture()] })] });
    const priced = { ...added, status: 'QUOTE' as const, quote: quoteFixture() };
    const { requests } = stubQuote(applicationFixture({ priceReadiness: 'needsCovers' }), [
      { method: 'POST', path: '/api/v1/actions/MutateCovers/add', respond: () => json(priced, 200, { 'Cover-Id': 'cover-1' }) },
    ]);
    const user = userEvent.setup();
    renderQuote();

    const card = await screen.findByRole('region', { name: 'Alan Turing' });
    expect(within(card).getByText('No cover yet.')).toBeInTheDocument();
    await user.click(within(card).getByRole('button', { name: 'Add cover for Alan Turing' }));
    const drawer = await screen.findByRole('dialog', { name: 'Add cover for Alan Turing' });
    await choose(user, drawer, 'Product', 'Life Protection');
    await choose(user, drawer, 'Structure', 'Level');
    await user.type(within(drawer).getByLabelText('Cover amount'), '250000');
    expect(within(drawer).getByLabelText('Cover amount')).toHaveValue('250,000');
    expect(within(drawer).getByText('Between £5,000 and £10,000,000')).toBeInTheDocument();
    await user.type(within(drawer).getByLabelText('Term (years)'), '25');
    await user.click(within(drawer).getByRole('button', { name: 'Add cover' }));

    const summary = screen.getByRole('complementary', { name: 'Total a month' });
    expect(await within(summary).findByText('£23.45 a month')).toBeInTheDocument();
    const post = requests.find((request) => request.method === 'POST');
    expect(post?.body).toEqual({
      applicationId: 1001,
      applicantId: 'applicant-1',
      cover: {
        productType: 'life',
        coverType: 'level',
        coverAmount: 250000,
        monthlyBenefit: null,
        term: 25,
        toAge: null,
        deferredPeriod: null,
        paymentPeriod: null,
        riders: [],
      },
    });
    expect(requests.some((request) => request.url.pathname === PRICE)).toBe(false);
    expect(within(card).getByRole('listitem', { name: 'Life Protection' })).toHaveTextContent('£23.45 a month');
    expect(await screen.findByText('Cover added')).toBeInTheDocument();
  });

  it('shows limits the server found under the saved cover and beside its field, and does not price', async () => {
    // The server is the authority: its catalogue may be stricter than the limits the page was given.
    const LIMIT = 'Cover amount must be between £5,000 and £200,000';
    const saved = applicationFixture({
      priceReadiness: 'needsFixes',
      applicants: [applicantFixture({ covers: [coverFixture({ errors: [{ field: 'coverAmount', message: LIMIT, status: null }] })] })],
    });
    const { requests } = stubQuote(applicationFixture({ priceReadiness: 'needsCovers' }), [
      { method: 'POST', path: '/api/v1/actions/MutateCovers/add', respond: () => json(saved, 200, { 'Cover-Id': 'cover-1' }) },
    ]);
    const user = userEvent.setup();
    renderQuote();

    const card = await screen.findByRole('region', { name: 'Alan Turing' });
    await user.click(within(card).getByRole('button', { name: 'Add cover for Alan Turing' }));
    const drawer = await screen.findByRole('dialog', { name: 'Add cover for Alan Turing' });
    await choose(user, drawer, 'Product', 'Life Protection');
    await choose(user, drawer, 'Structure', 'Level');
    await user.type(within(drawer).getByLabelText('Cover amount'), '250000');
    await user.type(within(drawer).getByLabelText('Term (years)'), '25');
    await user.click(within(drawer).getByRole('button', { name: 'Add cover' }));

    const cover = await within(card).findByRole('listitem', { name: 'Life Protection' });
    expect(within(cover).getByRole('alert')).toHaveTextContent(`Problems with Life Protection${LIMIT}`);
    const summary = screen.getByRole('complementary', { name: 'Total a month' });
    expect(summary).toHaveTextContent('Correct the problems shown under the covers to see the price.');
    expect(requests.some((request) => request.url.pathname === PRICE)).toBe(false);

    await user.click(within(cover).getByRole('button', { name: 'Edit Life Protection' }));
    const editor = await screen.findByRole('dialog', { name: 'Edit Life Protection for Alan Turing' });
    const amount = within(editor).getByLabelText('Cover amount');
    expect(amount).toHaveValue('250,000');
    expect(await within(formItemOf(amount)).findByText(LIMIT)).toBeInTheDocument();
  });

  it('keeps the form open with the server’s field errors beside the fields when it refuses the request', async () => {
    const { requests } = stubQuote(applicationFixture({ applicants: [applicantFixture({ covers: [coverFixture()] })] }), [
      {
        method: 'PATCH',
        path: '/api/v1/actions/MutateCovers/edit',
        respond: () =>
          problem(400, {
            title: 'Bad Request',
            detail: 'The request could not be read',
            errors: [
              { field: 'cover.coverAmount', message: 'invalid value: floating point `1.001`' },
              { field: 'cover', message: 'cover must be an object' },
            ],
          }),
      },
    ]);
    const user = userEvent.setup();
    renderQuote();

    const card = await screen.findByRole('region', { name: 'Alan Turing' });
    await user.click(within(card).getByRole('button', { name: 'Edit Life Protection' }));
    const drawer = await screen.findByRole('dialog', { name: 'Edit Life Protection for Alan Turing' });
    expect(within(drawer).getByLabelText('Product')).toBeDisabled();
    const term = within(drawer).getByLabelText('Term (years)');
    await user.clear(term);
    await user.type(term, '30');
    await user.click(within(drawer).getByRole('button', { name: 'Save cover' }));

    const amount = within(drawer).getByLabelText('Cover amount');
    expect(await within(formItemOf(amount)).findByText('invalid value: floating point `1.001`')).toBeInTheDocument();
    expect(within(drawer).getByText('cover must be an object').closest('.ant-alert')).toHaveAttribute('role', 'alert');
    expect(screen.getByRole('dialog', { name: 'Edit Life Protection for Alan Turing' })).toBeInTheDocument();
    const patch = requests.find((request) => request.method === 'PATCH');
    expect(patch?.body).toMatchObject({ applicationId: 1001, applicantId: 'applicant-1', cover: { id: 'cover-1', productType: 'life', term: 30, toAge: null } });
  });

  it('checks the product’s limits before sending anything', async () => {
    const { requests } = stubQuote(applicationFixture());
    const user = userEvent.setup();
    renderQuote();

    const card = await screen.findByRole('region', { name: 'Alan Turing' });
    await user.click(within(card).getByRole('button', { name: 'Add cover for Alan Turing' }));
    const drawer = await screen.findByRole('dialog', { name: 'Add cover for Alan Turing' });
    await choose(user, drawer, 'Product', 'Life Protection');
    await user.type(within(drawer).getByLabelText('Cover amount'), '1000');
    await user.type(within(drawer).getByLabelText('Term (years)'), '60');
    await user.click(within(drawer).getByRole('button', { name: 'Add cover' }));

    expect(await within(drawer).findByText('Cover amount must be between £5,000 and £10,000,000')).toBeInTheDocument();
    expect(within(drawer).getByText('Term must be between 1 and 50 years')).toBeInTheDocument();
    expect(within(drawer).getByText('Please select a structure')).toBeInTheDocument();
    expect(requests.filter((request) => request.method === 'POST')).toHaveLength(0);
  });

  it('asks for the IP fields and sends a monthly benefit to an age, with its deferred and payment periods', async () => {
    const { requests } = stubQuote(applicationFixture(), [
      { method: 'POST', path: '/api/v1/actions/MutateCovers/add', respond: () => json(applicationFixture()) },
    ]);
    const user = userEvent.setup();
    renderQuote();

    const card = await screen.findByRole('region', { name: 'Alan Turing' });
    await user.click(within(card).getByRole('button', { name: 'Add cover for Alan Turing' }));
    const drawer = await screen.findByRole('dialog', { name: 'Add cover for Alan Turing' });
    await choose(user, drawer, 'Product', 'Income Protection');
    expect(within(drawer).queryByLabelText('Cover amount')).not.toBeInTheDocument();
    await choose(user, drawer, 'Structure', 'Increasing');
    await user.type(within(drawer).getByLabelText('Monthly benefit'), '1500');
    expect(within(drawer).getByText('Between £300 and £20,000')).toBeInTheDocument();
    await user.click(within(drawer).getByRole('radio', { name: 'To an age' }));
    await user.type(within(drawer).getByLabelText('Cover to age'), '45');
    await choose(user, drawer, 'Deferred period', '13 weeks');
    await user.click(within(drawer).getByRole('radio', { name: '2-year' }));
    await user.click(within(drawer).getByRole('button', { name: 'Add cover' }));

    const toAge = within(drawer).getByLabelText('Cover to age');
    expect(await within(formItemOf(toAge)).findByText('Cover must end after the client’s current age of 45')).toBeInTheDocument();
    expect(requests.filter((request) => request.method === 'POST')).toHaveLength(0);

    await user.clear(toAge);
    await user.type(toAge, '65');
    await user.click(within(drawer).getByRole('button', { name: 'Add cover' }));
    await waitFor(() => expect(requests.filter((request) => request.method === 'POST')).toHaveLength(1));
    expect(requests.find((request) => request.method === 'POST')?.body).toEqual({
      applicationId: 1001,
      applicantId: 'applicant-1',
      cover: {
        productType: 'ip',
        coverType: 'increasing',
        coverAmount: null,
        monthlyBenefit: 1500,
        term: null,
        toAge: 65,
        deferredPeriod: 13,
        paymentPeriod: 'twoYear',
        riders: [],
      },
    });
  });

  it('offers the product’s riders and checks a rider is not more than its cover', async () => {
    const { requests } = stubQuote(applicationFixture(), [
      { method: 'POST', path: '/api/v1/actions/MutateCovers/add', respond: () => json(applicationFixture()) },
    ]);
    const user = userEvent.setup();
    renderQuote();

    const card = await screen.findByRole('region', { name: 'Alan Turing' });
    await user.click(within(card).getByRole('button', { name: 'Add cover for Alan Turing' }));
    const drawer = await screen.findByRole('dialog', { name: 'Add cover for Alan Turing' });
    await choose(user, drawer, 'Product', 'Critical Illness');
    expect(within(drawer).getByRole('checkbox', { name: 'Add Children’s Critical Illness' })).toBeInTheDocument();
    expect(within(drawer).queryByRole('checkbox', { name: /Total Permanent Disability/ })).not.toBeInTheDocument();

    await choose(user, drawer, 'Product', 'Life Protection');
    await choose(user, drawer, 'Structure', 'Decreasing');
    expect(within(drawer).getByRole('radiogroup', { name: 'How long should the cover last?' })).toBeInTheDocument();
    await user.type(within(drawer).getByLabelText('Cover amount'), '200000');
    await user.type(within(drawer).getByLabelText('Term (years)'), '20');
    await user.click(within(drawer).getByRole('checkbox', { name: 'Add Total Permanent Disability' }));
    const tpd = await within(drawer).findByLabelText('Total Permanent Disability amount');
    await user.type(tpd, '250000');
    await user.click(within(drawer).getByRole('button', { name: 'Add cover' }));

    expect(await within(formItemOf(tpd)).findByText('Total Permanent Disability cannot be more than the cover it is added to')).toBeInTheDocument();
    expect(requests.filter((request) => request.method === 'POST')).toHaveLength(0);

    await user.clear(tpd);
    await user.type(tpd, '100000');
    await user.click(within(drawer).getByRole('button', { name: 'Add cover' }));
    await waitFor(() => expect(requests.filter((request) => request.method === 'POST')).toHaveLength(1));
    expect(requests.find((request) => request.method === 'POST')?.body).toMatchObject({
      cover: { productType: 'life', coverType: 'decreasing', coverAmount: 200000, term: 20, riders: [{ riderType: 'tpd', coverAmount: 100000 }] },
    });
  });

  it('explains that children’s cover needs another cover first, and asks only for its structure and amount', async () => {
    stubQuote(applicationFixture());
    const user = userEvent.setup();
    renderQuote();

    const card = await screen.findByRole('region', { name: 'Alan Turing' });
    await user.click(within(card).getByRole('button', { name: 'Add cover for Alan Turing' }));
    const drawer = await screen.findByRole('dialog', { name: 'Add cover for Alan Turing' });
    await choose(user, drawer, 'Product', 'Children’s Critical Illness');

    const product = within(drawer).getByLabelText('Product');
    expect(await within(formItemOf(product)).findByText('Add cover for the client before adding Children’s Critical Illness cover')).toBeInTheDocument();
    expect(within(drawer).getByLabelText('Structure')).toBeInTheDocument();
    expect(within(drawer).getByLabelText('Cover amount')).toBeInTheDocument();
    expect(within(drawer).queryByLabelText('Term (years)')).not.toBeInTheDocument();
    expect(within(drawer).queryByRole('radiogroup', { name: 'How long should the cover last?' })).not.toBeInTheDocument();
  });

  it('shows why the quote cannot be priced when the server answers 422', async () => {
    const { requests } = stubQuote(twoClients(), [
      {
        method: 'GET',
        path: PRICE,
        respond: () =>
          problem(422, {
            title: 'The application breaks a rule',
            detail: 'The quote cannot be priced',
            errors: [
              { field: 'applicants[1].covers', message: 'Price needs at least one cover for both applicants' },
              { field: 'applicants[0].covers[0].term', message: 'Please complete this field' },
            ],
          }),
      },
    ]);
    const user = userEvent.setup();
    renderQuote();

    const summary = await screen.findByRole('complementary', { name: 'Total a month' });
    expect(summary).toHaveTextContent('Not priced yet');
    await user.click(within(summary).getByRole('button', { name: 'Price the quote' }));

    const alert = await within(summary).findByRole('alert');
    expect(alert).toHaveTextContent('The quote cannot be priced yet');
    expect(within(alert).getByText('Ada Lovelace: Price needs at least one cover for both applicants')).toBeInTheDocument();
    expect(within(alert).getByText('Alan Turing, Life Protection: Please complete this field')).toBeInTheDocument();
    expect(requests.filter((request) => request.url.pathname === PRICE)).toHaveLength(1);
  });

  it('asks before removing a cover, then sends the DELETE and shows the client without it', async () => {
    const withoutLife = twoClients();
    withoutLife.applicants[0] = applicantFixture({ covers: [] });
    withoutLife.priceReadiness = 'needsCovers';
    const { requests } = stubQuote(twoClients(), [
      { method: 'DELETE', path: '/api/v1/actions/MutateCovers/remove', respond: () => json(withoutLife) },
    ]);
    const user = userEvent.setup();
    renderQuote();

    const card = await screen.findByRole('region', { name: 'Alan Turing' });
    await user.click(within(card).getByRole('button', { name: 'Remove Life Protection' }));
    const confirm = await screen.findByRole('tooltip');
    expect(confirm).toHaveTextContent('Remove Life Protection?');
    expect(requests.some((request) => request.method === 'DELETE')).toBe(false);
    await user.click(within(confirm).getByRole('button', { name: 'Yes, remove' }));

    expect(await within(card).findByText('No cover yet.')).toBeInTheDocument();
    const remove = requests.find((request) => request.method === 'DELETE');
    expect(remove?.body).toEqual({ applicationId: 1001, applicantId: 'applicant-1', cover: { id: 'cover-1', productType: 'life' } });
    const summary = screen.getByRole('complementary', { name: 'Total a month' });
    expect(summary).toHaveTextContent('Add at least one cover for each client to see the price.');
    expect(requests.some((request) => request.url.pathname === PRICE)).toBe(false);
  });

  it('is read-only when the quote is not editable', async () => {
    const locked = twoClients();
    locked.isQuoteEditable = false;
    locked.status = 'APPLY';
    stubQuote(locked);
    renderQuote();

    expect(await screen.findByText('This quote can no longer be changed, so its covers are shown read-only.')).toBeInTheDocument();
    const card = screen.getByRole('region', { name: 'Alan Turing' });
    expect(within(card).getByRole('listitem', { name: 'Life Protection' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Add cover/ })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Edit/ })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Remove/ })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Price/ })).not.toBeInTheDocument();
  });

  it('warns that an expired quote must be priced again, and prices it again', async () => {
    const expired = twoClients();
    expired.isQuoteExpired = true;
    expired.quoteExpiredOn = '2025-03-31';
    const priced = { ...twoClients(), validUntil: '2025-05-01', quote: quoteFixture({ premium: 61.2 }) };
    const { requests } = stubQuote(expired, [{ method: 'GET', path: PRICE, respond: () => json(priced) }]);
    const user = userEvent.setup();
    renderQuote();

    const summary = await screen.findByRole('complementary', { name: 'Total a month' });
    expect(within(summary).getByText('This quote has expired')).toBeInTheDocument();
    expect(summary).toHaveTextContent('The quote was valid until 31/03/2025. It must be priced again before you continue.');
    await user.click(within(summary).getByRole('button', { name: 'Price again' }));

    expect(await within(summary).findByText('£61.20 a month')).toBeInTheDocument();
    expect(within(summary).queryByText('This quote has expired')).not.toBeInTheDocument();
    expect(summary).toHaveTextContent('Valid until 01/05/2025');
    expect(requests.filter((request) => request.url.pathname === PRICE)).toHaveLength(1);
  });

  it('marks the quote step current, and links the steps the server’s sections open', async () => {
    stubQuote(applicationFixture({ sections: [sectionFixture('planbuilder', true), sectionFixture('planquote', false)] }));
    renderQuote();

    const journey = await screen.findByRole('navigation', { name: 'Application journey' });
    await waitFor(() => expect(within(journey).getByRole('link', { name: /Client details/ })).toHaveAttribute('href', '/application/1001/client-details'));
    expect(within(journey).getByText('Quote').closest('[aria-current="step"]')).not.toBeNull();
    expect(within(journey).queryByRole('link', { name: /AMRA/ })).not.toBeInTheDocument();
    expect(within(journey).getByText('(complete)', { exact: false })).toBeInTheDocument();
  });

  it('opens contact details from the quote once the contact step is open, as a link and a “Continue to contact details” button', async () => {
    stubQuote(applicationFixture({ sections: [sectionFixture('planbuilder', true), sectionFixture('planquote', true)] }));
    const user = userEvent.setup();
    const { router } = renderQuote();

    const journey = await screen.findByRole('navigation', { name: 'Application journey' });
    expect(await within(journey).findByRole('link', { name: /Contact details/ })).toHaveAttribute('href', '/application/1001/contact-details');
    await user.click(screen.getByRole('button', { name: /Continue to contact details/ }));

    await waitFor(() => expect(router.state.location.pathname).toBe('/application/1001/contact-details'));
  });

  it('leads back to the decision once underwriting has decided, not to contact details', async () => {
    stubQuote(
      applicationFixture({
        sections: [sectionFixture('planbuilder', true), sectionFixture('planquote', true), sectionFixture('underwriting', true)],
      }),
    );
    const user = userEvent.setup();
    const { router } = renderQuote();

    await user.click(await screen.findByRole('button', { name: /Back to the decision/ }));
    expect(screen.queryByRole('button', { name: /Continue to contact details/ })).not.toBeInTheDocument();
    await waitFor(() => expect(router.state.location.pathname).toBe('/application/1001/decision'));
  });

  it('offers no way to contact details while client details are incomplete', async () => {
    stubQuote(applicationFixture({ sections: [sectionFixture('planbuilder', false)] }));
    renderQuote();

    await screen.findByRole('region', { name: 'Alan Turing' });
    expect(screen.queryByRole('button', { name: /Continue to contact details/ })).not.toBeInTheDocument();
  });
});

describe('a client brought in from Qi (issue 50)', () => {
  it('stands the indicated terms and price above the standard quote, so the client is not quoted the standard price', async () => {
    const outcome: Schemas['CoverOutcome'] = {
      coverId: 'qi-life',
      productType: 'life',
      decision: 'nonstandardterms',
      displayed: 'nonStandardTerms',
      loading: 50,
      exclusions: [],
      evidence: [],
      summary: 'Life Protection: premium loaded by 50%.',
      explanations: [],
    };
    const application = applicationFixture({
      applicants: [
        applicantFixture({
          covers: [coverFixture()],
          indication: { qiId: 'qi-1', indicatedAt: '2026-11-20T10:00:00Z', answers: {}, options: {}, outcomes: [outcome], prices: [{ productType: 'life', premium: 119.49 }] },
        }),
      ],
    });
    application.quote = quoteFixture({ premium: 80.66, quoteApplicants: [quoteApplicantFixture({ premium: 80.66, quoteCovers: [quoteCoverFixture({ premium: 80.66 })] })] });
    stubQuote(application);
    renderQuote();

    const notice = await screen.findByRole('alert');
    expect(notice).toHaveTextContent('Qi indicated terms for Alan Turing on 20/11/2026');
    expect(notice).toHaveTextContent('Life Protection: premium loaded by 50% · £119.49 a month indicated');
    expect(notice).toHaveTextContent('Tell the client the indicated terms, not the standard price');
  });
});
