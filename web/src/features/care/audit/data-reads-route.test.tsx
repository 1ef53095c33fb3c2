import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { json, stubApi } from '@/test/fetch-stub';
import { renderApp, signInAs, testUserManager } from '@/test/app-harness';
import { caseReference, dataLabel } from './strings';

const read = (overrides: Record<string, unknown>) => ({
  id: 'r1',
  readAt: '2026-11-27T09:05:00Z',
  readerSubject: 'adviser1',
  readerName: 'Priya Shah',
  readerRole: 'adviser',
  applicationId: 100001,
  applicantId: 'ada',
  qiId: null,
  data: 'health-answers',
  address: '127.0.0.1',
  ...overrides,
});

const page = (rows: unknown[], totalRecordCount = rows.length) => ({
  results: rows,
  currentPage: 1,
  totalPages: Math.max(1, Math.ceil(totalRecordCount / 10)),
  totalRecordCount,
});

const reads = [
  read({}),
  read({ id: 'r2', readerSubject: 'underwriter1', readerName: 'Uma Patel', readerRole: 'underwriter', data: 'document:evidence' }),
  read({ id: 'r3', readerSubject: 'underwriter1', readerName: 'Uma Patel', readerRole: 'underwriter', applicationId: null, applicantId: null, data: 'temporal-payloads', address: null }),
  read({ id: 'r4', applicationId: null, applicantId: null, qiId: 'q-7', data: 'document:indication' }),
];

describe('customer care’s Data reads page (issue 36)', () => {
  it('is in a customer care administrator’s menu and lists who read what, where and when', async () => {
    stubApi([
      { method: 'GET', path: '/api/v1/care/applications', respond: () => json(page([])) },
      { method: 'GET', path: '/api/v1/care/audit/reads', respond: () => json(page(reads, 12)) },
    ]);
    const userManager = testUserManager();
    await signInAs(userManager, ['ccaadmin']);
    renderApp(userManager, '/customer-care');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('link', { name: 'Data reads' }, { timeout: 5000 }));

    expect(await screen.findByRole('heading', { level: 1, name: 'Data reads' })).toBeInTheDocument();
    expect(await screen.findByText('12 reads')).toBeInTheDocument();
    const first = screen.getByText('Health answers').closest('tr') as HTMLElement;
    expect(within(first).getByText('Priya Shah')).toBeInTheDocument();
    expect(within(first).getByText('Adviser')).toBeInTheDocument();
    expect(within(first).getByText('Health answers')).toBeInTheDocument();
    expect(within(first).getByText('127.0.0.1')).toBeInTheDocument();
    expect(within(first).getByRole('link', { name: '100001' })).toHaveAttribute('href', '/customer-care/cases/100001');
    const payloads = screen.getByText('Temporal payloads (Web UI)').closest('tr') as HTMLElement;
    expect(within(payloads).getAllByText('Not known')).toHaveLength(2);
    expect(within(payloads).getByText('Underwriter')).toBeInTheDocument();
    expect(screen.getByText('Document: Medical evidence')).toBeInTheDocument();
    expect(screen.getByText('Qi q-7')).toBeInTheDocument();
    // 12 reads are two pages of 10: this is the first, and the next can be asked for.
    expect(screen.getByText('Page 1')).toHaveAttribute('aria-current', 'page');
    expect(screen.getByRole('button', { name: 'Next page' })).toBeEnabled();
  });

  it('filters by case reference and reader, and refuses a reference that cannot be one without asking', async () => {
    const { requests } = stubApi([
      {
        method: 'GET',
        path: '/api/v1/care/audit/reads',
        respond: (request) => json(page(request.url.searchParams.get('applicationId') === '100001' ? [reads[0]] : reads)),
      },
    ]);
    const userManager = testUserManager();
    await signInAs(userManager, ['ccaadmin']);
    const { router } = renderApp(userManager, '/customer-care/data-reads');
    const user = userEvent.setup();
    expect(await screen.findByText('4 reads', undefined, { timeout: 5000 })).toBeInTheDocument();

    await user.type(screen.getByLabelText('Case reference'), '10000A');
    await user.click(screen.getByRole('button', { name: 'Filter' }));
    expect(screen.getByRole('alert')).toHaveTextContent('A case reference is a whole number');
    expect(screen.getByLabelText('Case reference')).toHaveAttribute('aria-invalid', 'true');
    const asked = requests.length;

    await user.clear(screen.getByLabelText('Case reference'));
    await user.type(screen.getByLabelText('Case reference'), ' 100001 ');
    await user.type(screen.getByLabelText('Read by'), 'Priya');
    await user.click(screen.getByRole('button', { name: 'Filter' }));
    expect(await screen.findByText('1 read')).toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(router.state.location.search).toBe('?applicationId=100001&reader=Priya');
    const last = requests.at(-1);
    expect(requests.length).toBe(asked + 1);
    expect(last?.url.searchParams.get('applicationId')).toBe('100001');
    expect(last?.url.searchParams.get('reader')).toBe('Priya');

    await user.click(screen.getByRole('button', { name: 'Show all' }));
    expect(await screen.findByText('4 reads')).toBeInTheDocument();
    expect(router.state.location.search).toBe('');
  });

  it('is not in a customer care agent’s menu', async () => {
    stubApi([
      { method: 'GET', path: '/api/v1/care/applications', respond: () => json(page([])) },
    ]);
    const userManager = testUserManager();
    await signInAs(userManager, ['cca']);
    renderApp(userManager, '/customer-care');
    expect(await screen.findByRole('link', { name: 'Web chats' }, { timeout: 5000 })).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Data reads' })).not.toBeInTheDocument();
  });
});

describe('the words for what was read', () => {
  it('names each kind of data and document, and keeps an unknown one as recorded', () => {
    expect(dataLabel('health-answers')).toBe('Health answers');
    expect(dataLabel('bank-details')).toBe('Bank details');
    expect(dataLabel('document:direct-debit')).toBe('Document: Direct Debit confirmation');
    expect(dataLabel('document:newkind')).toBe('Document: newkind');
    expect(dataLabel('something-else')).toBe('something-else');
  });

  it('reads a case reference as a positive whole number, blank as none', () => {
    expect(caseReference(' 100001 ')).toBe(100001);
    expect(caseReference('')).toBeUndefined();
    expect(caseReference('0')).toBeNull();
    expect(caseReference('12a')).toBeNull();
    expect(caseReference('-5')).toBeNull();
  });
});
