import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { routePatterns } from '@/app/paths';
import { api, type Schemas } from '@/lib/api-client';
import { createApiAuthMiddleware } from '@/lib/auth/api-auth';
import { json, problem, stubApi, type Route } from '@/test/fetch-stub';
import { adviserFixture, applicantFixture, applicationFixture, coverFixture, productOfferFixture, quoteFixture } from '@/test/fixtures';
import { renderRoute } from '@/test/render';
import { QuoteRoute } from './quote-route';

type Application = Schemas['Application'];

const QUOTE_PDF = '/api/v1/application/1001/document/quote';
const PDF_BYTES = '%PDF-1.4 quote for Alan Turing';

function pdf(contentDisposition: string | null): Response {
  const headers: Record<string, string> = { 'Content-Type': 'application/pdf' };
  if (contentDisposition !== null) headers['Content-Disposition'] = contentDisposition;
  return new Response(new TextEncoder().encode(PDF_BYTES), { status: 200, headers });
}

const priced = () => applicationFixture({ applicants: [applicantFixture({ covers: [coverFixture()] })], status: 'QUOTE', quote: quoteFixture() });

function stubQuote(application: Application, more: Route[] = []) {
  return stubApi([
    { method: 'GET', path: '/api/v1/application/1001', respond: () => json(application) },
    { method: 'GET', path: '/api/v1/backendforfrontend/products', respond: () => json(productOfferFixture()) },
    { method: 'GET', path: '/api/v1/backendforfrontend/adviser', respond: () => json(adviserFixture()) },
    ...more,
  ]);
}

function renderQuote() {
  return renderRoute(<QuoteRoute />, { path: routePatterns.quote, url: '/application/1001/quote' });
}

/** What the browser was asked to save: each file's name and contents. */
let saved: { fileName: string; href: string }[];
let blobs: Blob[];
// jsdom has no object URLs: these stand in for the browser's, and are put back afterwards.
const originals = {
  createObjectURL: Object.getOwnPropertyDescriptor(URL, 'createObjectURL'),
  revokeObjectURL: Object.getOwnPropertyDescriptor(URL, 'revokeObjectURL'),
};

beforeEach(() => {
  saved = [];
  blobs = [];
  Object.defineProperty(URL, 'createObjectURL', {
    configurable: true,
    writable: true,
    value: (blob: Blob) => {
      blobs.push(blob);
      return `blob:http://localhost/file-${String(blobs.length)}`;
    },
  });
  Object.defineProperty(URL, 'revokeObjectURL', { configurable: true, writable: true, value: () => undefined });
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    saved.push({ fileName: this.download, href: this.href });
  });
});

afterEach(() => {
  for (const [name, descriptor] of Object.entries(originals)) {
    if (descriptor) Object.defineProperty(URL, name, descriptor);
    else Reflect.deleteProperty(URL, name);
  }
});

async function documents(): Promise<HTMLElement> {
  return screen.findByRole('region', { name: 'Documents' });
}

describe('documents on the quote page', () => {
  it('offers the quote PDF only once the quote is priced', async () => {
    stubQuote(applicationFixture());
    renderQuote();

    const card = await documents();
    expect(within(card).getByRole('button', { name: 'Download quote (PDF)' })).toBeDisabled();
    expect(card).toHaveTextContent('Price the quote to download it.');
    expect(within(card).getByRole('button', { name: 'Key facts' })).toBeEnabled();
    expect(within(card).getByRole('button', { name: 'Terms and conditions' })).toBeEnabled();
  });

  it('saves the quote PDF under the name the server gives in content-disposition', async () => {
    const { requests } = stubQuote(priced(), [{ method: 'GET', path: QUOTE_PDF, respond: () => pdf('attachment; filename="Quote-1001-20250302.pdf"') }]);
    const user = userEvent.setup();
    renderQuote();

    const card = await documents();
    await user.click(within(card).getByRole('button', { name: 'Download quote (PDF)' }));

    await waitFor(() => expect(saved).toHaveLength(1));
    expect(saved[0]).toEqual({ fileName: 'Quote-1001-20250302.pdf', href: 'blob:http://localhost/file-1' });
    expect(await blobs[0]?.text()).toBe(PDF_BYTES);
    expect(requests.filter((request) => request.url.pathname === QUOTE_PDF)).toHaveLength(1);
    expect(document.querySelector('a[download]')).toBeNull();
  });

  it('saves nothing and says "Error retrieving filename from headers" when the server names no file', async () => {
    stubQuote(priced(), [{ method: 'GET', path: QUOTE_PDF, respond: () => pdf(null) }]);
    const user = userEvent.setup();
    renderQuote();

    const card = await documents();
    await user.click(within(card).getByRole('button', { name: 'Download quote (PDF)' }));

    expect(await screen.findByText('Error retrieving filename from headers')).toBeInTheDocument();
    expect(saved).toHaveLength(0);
    expect(blobs).toHaveLength(0);
  });

  it('shows the problem’s detail when the server refuses the quote PDF', async () => {
    stubQuote(priced(), [
      {
        method: 'GET',
        path: QUOTE_PDF,
        respond: () => problem(409, { title: 'Conflict', detail: 'The application has not been priced; price the quote first' }),
      },
    ]);
    const user = userEvent.setup();
    renderQuote();

    const card = await documents();
    await user.click(within(card).getByRole('button', { name: 'Download quote (PDF)' }));

    expect(await screen.findByText('The application has not been priced; price the quote first')).toBeInTheDocument();
    expect(saved).toHaveLength(0);
  });

  it('fetches the key facts from the link the server gives, and saves them under their own name', async () => {
    const stored = '/api/v1/document/4f1c/KeyFacts-1001-20250302.pdf';
    const { requests } = stubQuote(priced(), [
      { method: 'GET', path: '/api/v1/backendforfrontend/keyfacts/1001', respond: () => json({ uri: stored }) },
      { method: 'GET', path: stored, respond: () => pdf("attachment; filename*=UTF-8''Key%20facts%201001.pdf") },
    ]);
    const user = userEvent.setup();
    renderQuote();

    const card = await documents();
    await user.click(within(card).getByRole('button', { name: 'Key facts' }));

    await waitFor(() => expect(saved).toHaveLength(1));
    expect(saved[0]?.fileName).toBe('Key facts 1001.pdf');
    expect(requests.map((request) => request.url.pathname)).toEqual(expect.arrayContaining(['/api/v1/backendforfrontend/keyfacts/1001', stored]));
  });

  it('sends the signed-in adviser’s token with every document request, as the API client does', async () => {
    const stored = '/api/v1/document/4f1c/KeyFacts-1001-20250302.pdf';
    const middleware = createApiAuthMiddleware({ getAccessToken: () => Promise.resolve('abc.def.ghi'), onUnauthorized: () => undefined });
    api.use(middleware);
    try {
      const { requests } = stubQuote(priced(), [
        { method: 'GET', path: QUOTE_PDF, respond: () => pdf('attachment; filename="Quote-1001-20250302.pdf"') },
        { method: 'GET', path: '/api/v1/backendforfrontend/keyfacts/1001', respond: () => json({ uri: stored }) },
        { method: 'GET', path: stored, respond: () => pdf('attachment; filename="KeyFacts-1001-20250302.pdf"') },
      ]);
      const user = userEvent.setup();
      renderQuote();

      const card = await documents();
      await user.click(within(card).getByRole('button', { name: 'Download quote (PDF)' }));
      await waitFor(() => expect(saved).toHaveLength(1));
      await user.click(within(card).getByRole('button', { name: 'Key facts' }));
      await waitFor(() => expect(saved).toHaveLength(2));

      expect(saved.map((file) => file.fileName)).toEqual(['Quote-1001-20250302.pdf', 'KeyFacts-1001-20250302.pdf']);
      for (const path of [QUOTE_PDF, '/api/v1/backendforfrontend/keyfacts/1001', stored]) {
        expect(requests.find((request) => request.url.pathname === path)?.headers.get('Authorization')).toBe('Bearer abc.def.ghi');
      }
    } finally {
      api.eject(middleware);
    }
  });

  it('fetches the terms and conditions the same way, and says when their file has no name', async () => {
    const stored = '/api/v1/document/9a2b/Terms-1001-20250302.pdf';
    stubQuote(priced(), [
      { method: 'GET', path: '/api/v1/backendforfrontend/termsandconditions/1001', respond: () => json({ uri: stored }) },
      { method: 'GET', path: stored, respond: () => pdf('attachment') },
    ]);
    const user = userEvent.setup();
    renderQuote();

    const card = await documents();
    await user.click(within(card).getByRole('button', { name: 'Terms and conditions' }));

    expect(await screen.findByText('Error retrieving filename from headers')).toBeInTheDocument();
    expect(saved).toHaveLength(0);
  });
});
