import { renderHook, waitFor } from '@testing-library/react';
import { QueryClientProvider, useMutation } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { describe, expect, it } from 'vitest';
import { json, problem, stubApi, type RecordedRequest } from '@/test/fetch-stub';
import { applicationFixture, adviserFixture } from '@/test/fixtures';
import { api, type Schemas } from './api-client';
import { isApiError, unwrap } from './api-error';
import { createQueryClient } from './query-client';

/** The API's rule for a key: 1 to 100 of ASCII letters, digits, `-`, `_`, `.`, `:`. */
const KEY_FORMAT = /^[A-Za-z0-9\-_.:]{1,100}$/;

const ADD_COVER = '/api/v1/actions/MutateCovers/add';
const ADVISER = '/api/v1/backendforfrontend/adviser';
const cover: Schemas['CoverInput'] = { productType: 'life', coverType: 'level', coverAmount: 100_000, term: 20 };

function keyOf(request: RecordedRequest | undefined): string | null {
  return request?.headers.get('Idempotency-Key') ?? null;
}

function addCover() {
  return api.POST(ADD_COVER, { body: { applicationId: 1001, applicantId: 'applicant-1', cover } });
}

/** Answers each request in turn with the next of `answers` (the last one from then on). */
function inTurn(...answers: (() => Response)[]) {
  let call = 0;
  return () => {
    const answer = answers[Math.min(call, answers.length - 1)];
    call += 1;
    if (!answer) throw new Error('no answer');
    return answer();
  };
}

const unavailable = () => problem(503, { title: 'Service Unavailable', detail: 'The change may not have been saved; try again' });
const networkFailure = (): Response => {
  throw new TypeError('Failed to fetch');
};

describe('Idempotency-Key on the API client', () => {
  it('sends a key in the API’s format with every command: POST, PUT, PATCH and DELETE', async () => {
    const { requests } = stubApi([
      { method: 'POST', path: ADD_COVER, respond: () => json(applicationFixture()) },
      { method: 'PATCH', path: '/api/v1/actions/MutateCovers/edit', respond: () => json(applicationFixture()) },
      { method: 'DELETE', path: '/api/v1/actions/MutateCovers/remove', respond: () => json(applicationFixture()) },
      { method: 'PUT', path: '/api/v1/application/1001/children/child-1', respond: () => json(applicationFixture()) },
    ]);

    await addCover();
    await api.PATCH('/api/v1/actions/MutateCovers/edit', { body: { applicationId: 1001, applicantId: 'applicant-1', cover } });
    await api.DELETE('/api/v1/actions/MutateCovers/remove', {
      body: { applicationId: 1001, applicantId: 'applicant-1', cover: { id: 'cover-1', productType: 'life' } },
    });
    await api.PUT('/api/v1/application/{applicationId}/children/{childId}', {
      params: { path: { applicationId: 1001, childId: 'child-1' } },
      body: { title: null, firstName: 'Grace', surname: 'Turing', dateOfBirth: '2016-03-14' },
    });

    expect(requests.map((request) => request.method)).toEqual(['POST', 'PATCH', 'DELETE', 'PUT']);
    for (const request of requests) expect(keyOf(request)).toMatch(KEY_FORMAT);
  });

  it('sends no key with a GET, and leaves a GET’s 503 to the caller (queries have their own retry)', async () => {
    const { requests } = stubApi([{ method: 'GET', path: ADVISER, respond: inTurn(unavailable, () => json(adviserFixture())) }]);

    const { response } = await api.GET(ADVISER);

    expect(response.status).toBe(503);
    expect(requests).toHaveLength(1);
    expect(requests[0]?.headers.has('Idempotency-Key')).toBe(false);
  });

  it('gives each action its own key', async () => {
    const { requests } = stubApi([{ method: 'POST', path: ADD_COVER, respond: () => json(applicationFixture()) }]);

    await addCover();
    await addCover();

    expect(requests).toHaveLength(2);
    expect(keyOf(requests[0])).toMatch(KEY_FORMAT);
    expect(keyOf(requests[1])).toMatch(KEY_FORMAT);
    expect(keyOf(requests[0])).not.toBe(keyOf(requests[1]));
  });

  it('re-sends a command answered 503 once, with the same key and body, and answers with the second answer', async () => {
    const saved = applicationFixture({ version: 8 });
    const { requests } = stubApi([{ method: 'POST', path: ADD_COVER, respond: inTurn(unavailable, () => json(saved)) }]);

    const application = unwrap(await addCover());

    expect(application).toEqual(saved);
    expect(requests).toHaveLength(2);
    const [first, again] = requests;
    expect(keyOf(first)).toMatch(KEY_FORMAT);
    expect(keyOf(again)).toBe(keyOf(first));
    expect(again?.body).toEqual(first?.body);
    expect(again?.body).toEqual({ applicationId: 1001, applicantId: 'applicant-1', cover });
  });

  it('re-sends a command once with the same key when the network fails', async () => {
    const saved = applicationFixture({ version: 8 });
    const { requests } = stubApi([{ method: 'POST', path: ADD_COVER, respond: inTurn(networkFailure, () => json(saved)) }]);

    const application = unwrap(await addCover());

    expect(application).toEqual(saved);
    expect(requests).toHaveLength(2);
    expect(keyOf(requests[1])).toBe(keyOf(requests[0]));
  });

  it('re-sends only once: a second 503 reaches the caller', async () => {
    const { requests } = stubApi([{ method: 'POST', path: ADD_COVER, respond: unavailable }]);

    const { response, error } = await addCover();

    expect(response.status).toBe(503);
    expect(error).toMatchObject({ detail: 'The change may not have been saved; try again' });
    expect(requests).toHaveLength(2);
    expect(keyOf(requests[1])).toBe(keyOf(requests[0]));
  });

  it('does not re-send a command the API refused (4xx) or answered with another server error', async () => {
    const { requests } = stubApi([
      { method: 'POST', path: ADD_COVER, respond: () => problem(422, { title: 'Unprocessable Entity', detail: 'Cover amount is too high' }) },
      { method: 'POST', path: '/api/v1/decision/1001/proceed', respond: () => problem(500, { title: 'Internal Server Error' }) },
    ]);

    expect((await addCover()).response.status).toBe(422);
    expect((await api.POST('/api/v1/decision/{applicationId}/proceed', { params: { path: { applicationId: 1001 } } })).response.status).toBe(500);

    expect(requests.map((request) => request.url.pathname)).toEqual([ADD_COVER, '/api/v1/decision/1001/proceed']);
  });

  it('waits for a first attempt still running on the API, then gets its answer with the same key', async () => {
    const saved = applicationFixture({ version: 8 });
    const inUse = () => {
      const response = problem(409, { type: 'urn:adviser-portal:problem:idempotency-key-in-use', title: 'Conflict' });
      response.headers.set('Retry-After', '1');
      return response;
    };
    const { requests } = stubApi([{ method: 'POST', path: ADD_COVER, respond: inTurn(networkFailure, inUse, () => json(saved)) }]);

    const application = unwrap(await addCover());

    expect(application).toEqual(saved);
    expect(requests).toHaveLength(3);
    expect(new Set(requests.map(keyOf)).size).toBe(1);
  });

  it('does not wait on a 409 that is the case’s own refusal', async () => {
    const conflict = () => problem(409, { type: 'urn:adviser-portal:problem:conflict', title: 'Conflict', detail: 'Not now' });
    const { requests } = stubApi([{ method: 'POST', path: ADD_COVER, respond: inTurn(unavailable, conflict) }]);

    expect((await addCover()).response.status).toBe(409);
    expect(requests).toHaveLength(2);
  });

  it('keeps a key the caller set itself', async () => {
    const { requests } = stubApi([{ method: 'POST', path: ADD_COVER, respond: inTurn(unavailable, () => json(applicationFixture())) }]);

    await api.POST(ADD_COVER, {
      body: { applicationId: 1001, applicantId: 'applicant-1', cover },
      headers: { 'Idempotency-Key': 'add-cover:1001.a_1' },
    });

    expect(requests.map(keyOf)).toEqual(['add-cover:1001.a_1', 'add-cover:1001.a_1']);
  });
});

describe('Idempotency-Key with the app’s react-query client', () => {
  function wrapper({ children }: { children: ReactNode }) {
    return <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>;
  }
  const queryClient = createQueryClient();

  it('one mutate is one key, however often it is sent; the next mutate is a new key', async () => {
    let call = 0;
    const { requests } = stubApi([
      {
        method: 'POST',
        path: ADD_COVER,
        // The first action: 503, then 503 again (given up); the second action: saved at once.
        respond: () => (++call <= 2 ? unavailable() : json(applicationFixture({ version: 9 }))),
      },
    ]);
    const { result } = renderHook(() => useMutation({ mutationFn: async () => unwrap(await addCover()) }), { wrapper });

    result.current.mutate();
    await waitFor(() => expect(result.current.isError).toBe(true));
    // The app's client adds no retry of its own: a re-run would have sent a third request with a new key.
    expect(requests).toHaveLength(2);
    expect(isApiError(result.current.error) && result.current.error.status).toBe(503);
    expect(keyOf(requests[1])).toBe(keyOf(requests[0]));

    result.current.mutate();
    await waitFor(() => expect(result.current.isSuccess).toBe(true));
    expect(result.current.data?.version).toBe(9);
    expect(requests).toHaveLength(3);
    expect(keyOf(requests[2])).toMatch(KEY_FORMAT);
    expect(keyOf(requests[2])).not.toBe(keyOf(requests[0]));
  });
});
