import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { routePatterns } from '@/app/paths';
import { axeViolations, describeViolations } from '@/test/axe';
import { json, problem, stubApi } from '@/test/fetch-stub';
import { errorsNotTiedToTheirField } from '@/test/field-errors';
import { productOfferFixture, qiIndicationFixture, qiViewFixture, quoteApplicantFixture, quoteCoverFixture, quoteFixture, coverFixture } from '@/test/fixtures';
import { renderRoute } from '@/test/render';
import { QiRoute } from './routes/qi-route';

const QI = '/api/v1/qi/qi-1';

function renderQi(url: string) {
  return renderRoute(<QiRoute />, { path: routePatterns.qiStep, url });
}

describe('Qi steps', () => {
  it('leaves Conditions and Indicative decision closed until the steps before them are complete', async () => {
    stubApi([{ method: 'GET', path: QI, respond: () => json(qiViewFixture({ steps: { clientDetailsComplete: false, conditionsComplete: false } })) }]);
    renderQi('/underwriting-qi/qi-1/client-details');

    const steps = await screen.findByRole('navigation', { name: 'Qi steps' });
    await screen.findByRole('button', { name: 'Save client details' });
    expect(within(steps).getByText('Client details')).toHaveAttribute('aria-current', 'step');
    expect(within(steps).queryByRole('link', { name: 'Conditions' })).not.toBeInTheDocument();
    expect(within(steps).queryByRole('link', { name: 'Indicative decision' })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Continue to Conditions' })).toBeDisabled();
    expect(describeViolations(await axeViolations(document.body))).toEqual([]);
  });

  it('opens Conditions once the client is complete, and sends a step not yet open back to the one that is', async () => {
    stubApi([{ method: 'GET', path: QI, respond: () => json(qiViewFixture()) }]);
    const { router } = renderQi('/underwriting-qi/qi-1/decision');

    await waitFor(() => expect(router.state.location.pathname).toBe('/underwriting-qi/qi-1/conditions'));
    const steps = await screen.findByRole('navigation', { name: 'Qi steps' });
    expect(within(steps).getByRole('link', { name: 'Client details' })).toHaveAttribute('href', '/underwriting-qi/qi-1/client-details');
    expect(within(steps).queryByRole('link', { name: 'Indicative decision' })).not.toBeInTheDocument();
  });
});

describe('Qi client details', () => {
  it('starts with an empty form, ties each error to its field, and creates the enquiry on the first save', async () => {
    const { requests } = stubApi([
      { method: 'POST', path: '/api/v1/qi', respond: () => json(qiViewFixture(), 201) },
      { method: 'GET', path: QI, respond: () => json(qiViewFixture()) },
    ]);
    const user = userEvent.setup();
    const { router } = renderQi('/underwriting-qi/new/client-details');

    const firstName = await screen.findByRole('textbox', { name: 'First name' });
    expect(firstName).toHaveValue('');
    await user.click(screen.getByRole('button', { name: 'Save and ask the next questions' }));
    expect(await screen.findByText('Please enter the client’s first name')).toBeInTheDocument();
    expect(screen.getByText('Please select the client’s sex at birth')).toBeInTheDocument();
    expect(errorsNotTiedToTheirField()).toEqual([]);
    expect(requests.filter((r) => r.method === 'POST')).toHaveLength(0);

    await user.type(firstName, 'Alan');
    await user.type(screen.getByRole('textbox', { name: 'Last name' }), 'Turing');
    await user.click(within(screen.getByRole('radiogroup', { name: 'Sex at birth' })).getByRole('radio', { name: 'Male' }));
    await user.type(screen.getByRole('textbox', { name: 'Date of birth' }), '23/06/1980');
    await user.click(within(screen.getByRole('radiogroup', { name: 'Has the client smoked or used nicotine products?' })).getByRole('radio', { name: 'None in 5 years' }));
    await user.click(screen.getByRole('button', { name: 'Save and ask the next questions' }));

    await waitFor(() => expect(router.state.location.pathname).toBe('/underwriting-qi/qi-1/client-details'));
    const create = requests.find((r) => r.method === 'POST' && r.url.pathname === '/api/v1/qi');
    expect(create?.body).toEqual({ title: null, firstName: 'Alan', lastName: 'Turing', gender: 'male', dateOfBirth: '1980-06-23', smoking: 'noneInFiveYears' });
    // The interview's client lines follow, asked as the application asks them; the carried-over line is not.
    expect(await screen.findByRole('textbox', { name: 'How tall is the client?' }, { timeout: 3000 })).toBeInTheDocument();
    expect(screen.queryByText('Date of birth', { selector: '.question-field div' })).not.toBeInTheDocument();
    expect(screen.queryByText('Has the client any medical conditions?')).not.toBeInTheDocument();
    // Typing a whole client into antd's fields is slow on a busy machine.
  }, 40_000);

  it('shows the server’s client errors and a refusal’s field errors on their fields', async () => {
    stubApi([
      { method: 'GET', path: QI, respond: () => json(qiViewFixture({ clientErrors: [{ field: 'dateOfBirth', message: 'Qi indicates terms for clients aged 18 to 64' }] })) },
      { method: 'PUT', path: `${QI}/client`, respond: () => problem(422, { title: 'Invalid', type: 'urn:adviser-portal:problem:invalid', errors: [{ field: 'lastName', message: 'Please give a last name of letters' }] }) },
    ]);
    const user = userEvent.setup();
    renderQi('/underwriting-qi/qi-1/client-details');

    expect(await screen.findByText('Qi indicates terms for clients aged 18 to 64')).toBeInTheDocument();
    expect(errorsNotTiedToTheirField()).toEqual([]);
    await user.click(screen.getByRole('button', { name: 'Save client details' }));
    expect(await screen.findByText('Please give a last name of letters')).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'Last name' })).toHaveAccessibleDescription('Please give a last name of letters');
  });
});

describe('Qi conditions', () => {
  it('asks the lines not about the client, section by section, and saves each answer', async () => {
    const { requests } = stubApi([
      { method: 'GET', path: QI, respond: () => json(qiViewFixture()) },
      { method: 'POST', path: `${QI}/answers`, respond: () => json(qiViewFixture({ steps: { clientDetailsComplete: true, conditionsComplete: true } })) },
    ]);
    const user = userEvent.setup();
    renderQi('/underwriting-qi/qi-1/conditions');

    const health = await screen.findByRole('heading', { name: 'Health' });
    expect(health).toBeInTheDocument();
    expect(screen.queryByText('How tall is the client?')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Continue to Indicative decision' })).toBeDisabled();
    await user.click(within(screen.getByRole('radiogroup', { name: 'Has the client any medical conditions?' })).getByRole('radio', { name: 'No' }));

    await waitFor(() => expect(requests.find((r) => r.url.pathname === `${QI}/answers`)?.body).toEqual({ answers: [{ tag: 'HAS_CONDITIONS', value: 'No' }] }));
    await waitFor(() => expect(screen.getByRole('button', { name: 'Continue to Indicative decision' })).toBeEnabled());
  });
});

const complete = { clientDetailsComplete: true, conditionsComplete: true };

describe('Qi indicative decision', () => {
  it('runs the rules on entering and shows each product’s terms with the reasons', async () => {
    const { requests } = stubApi([
      { method: 'GET', path: QI, respond: () => json(qiViewFixture({ steps: complete })) },
      { method: 'POST', path: '/api/v1/decision/qi/qi-1/risk', respond: () => json(qiViewFixture({ steps: complete, indication: qiIndicationFixture() })) },
      { method: 'GET', path: '/api/v1/backendforfrontend/products', respond: () => json(productOfferFixture()) },
    ]);
    renderQi('/underwriting-qi/qi-1/decision');

    const indication = await screen.findByRole('region', { name: 'Indicative decision' });
    expect(requests.filter((r) => r.url.pathname === '/api/v1/decision/qi/qi-1/risk')).toHaveLength(1);
    const items = within(indication).getAllByRole('listitem').filter((item) => item.parentElement?.classList.contains('qi-indication'));
    expect(items).toHaveLength(4);
    expect(within(items[0] as HTMLElement).getByText('Non-standard terms')).toBeInTheDocument();
    expect(within(items[0] as HTMLElement).getByText('Premium loaded by 50%')).toBeInTheDocument();
    expect(within(items[0] as HTMLElement).getByText(/High blood pressure, treated/)).toBeInTheDocument();
    expect(within(items[1] as HTMLElement).getByText('Underwriting required')).toBeInTheDocument();
    expect(within(items[1] as HTMLElement).getByText(/An underwriter would need to see this/)).toBeInTheDocument();
    expect(within(items[2] as HTMLElement).getByText('Unable to offer terms')).toBeInTheDocument();
    expect(within(items[3] as HTMLElement).getByText('Standard terms')).toBeInTheDocument();
    expect(describeViolations(await axeViolations(document.body))).toEqual([]);
  });

  it('prices the cover chosen on those terms and shows the indicative price, its lines adding up', async () => {
    const priced = qiViewFixture({
      steps: complete,
      indication: qiIndicationFixture(),
      quote: {
        covers: [coverFixture({ id: 'qi-cover-1', productType: 'life', coverType: 'level', coverAmount: 200000, term: 20 })],
        quote: quoteFixture({ premium: 34.5, quoteApplicants: [quoteApplicantFixture({ premium: 34.5, quoteCovers: [quoteCoverFixture({ coverId: 'qi-cover-1', premium: 31.5 })] })] }),
      },
    });
    const { requests } = stubApi([
      { method: 'GET', path: QI, respond: () => json(qiViewFixture({ steps: complete })) },
      { method: 'POST', path: '/api/v1/decision/qi/qi-1/risk', respond: () => json(qiViewFixture({ steps: complete, indication: qiIndicationFixture() })) },
      { method: 'GET', path: '/api/v1/backendforfrontend/products', respond: () => json(productOfferFixture()) },
      { method: 'POST', path: '/api/v1/decision/qi/qi-1/quote', respond: () => json(priced) },
    ]);
    const user = userEvent.setup();
    renderQi('/underwriting-qi/qi-1/decision');

    await user.type(await screen.findByRole('spinbutton', { name: 'Cover amount (£)' }), '200000');
    await user.type(screen.getByRole('spinbutton', { name: 'Term in years' }), '20');
    await user.click(screen.getByRole('button', { name: 'Price on these terms' }));

    await waitFor(() =>
      expect(requests.find((r) => r.url.pathname === '/api/v1/decision/qi/qi-1/quote')?.body).toEqual({
        covers: [{ productType: 'life', coverType: 'level', coverAmount: 200000, monthlyBenefit: null, term: 20, toAge: null, deferredPeriod: null, paymentPeriod: null, riders: [] }],
      }),
    );
    const price = await screen.findByRole('region', { name: 'Indicative price' });
    expect(within(price).getByText('£31.50 a month')).toBeInTheDocument();
    // The policy fee is a line of its own, so the lines add up to the total.
    expect(within(price).getByText('£3.00 a month')).toBeInTheDocument();
    expect(within(price).getByText('£34.50')).toBeInTheDocument();
  });

  it('starts an application from the indication and opens its client details', async () => {
    const { requests } = stubApi([
      { method: 'GET', path: QI, respond: () => json(qiViewFixture({ steps: complete })) },
      { method: 'POST', path: '/api/v1/decision/qi/qi-1/risk', respond: () => json(qiViewFixture({ steps: complete, indication: qiIndicationFixture() })) },
      { method: 'GET', path: '/api/v1/backendforfrontend/products', respond: () => json(productOfferFixture()) },
      { method: 'POST', path: `${QI}/application`, respond: () => json({ applicationId: 100042 }, 201) },
    ]);
    const user = userEvent.setup();
    const { router } = renderQi('/underwriting-qi/qi-1/decision');

    await user.click(await screen.findByRole('button', { name: 'Start an application from this indication' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/application/100042/client-details'));
    expect(requests.filter((r) => r.url.pathname === `${QI}/application`)).toHaveLength(1);
  });

  it('says when the indication has expired, runs nothing and allows no changes', async () => {
    const { requests } = stubApi([
      { method: 'GET', path: QI, respond: () => json(qiViewFixture({ steps: complete, expired: true, expiresAt: '2026-10-20T10:00:00Z', indication: qiIndicationFixture(), applicationId: 100042 })) },
      { method: 'GET', path: '/api/v1/backendforfrontend/products', respond: () => json(productOfferFixture()) },
    ]);
    renderQi('/underwriting-qi/qi-1/decision');

    expect(await screen.findByText('This indication expired on 20/10/2026; ask Qi again.')).toBeInTheDocument();
    expect(await screen.findByRole('region', { name: 'Indicative decision' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Price on these terms' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Start an application from this indication' })).not.toBeInTheDocument();
    expect(screen.getAllByRole('link', { name: 'Open application 100042' })[0]).toHaveAttribute('href', '/application/100042/client-details');
    expect(requests.filter((r) => r.method === 'POST')).toHaveLength(0);
  });
});
