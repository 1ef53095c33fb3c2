import { act, renderHook, waitFor } from '@testing-library/react';
import { QueryClientProvider, useQuery, type QueryClient } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { describe, expect, it } from 'vitest';
import { json, problem, stubApi } from '@/test/fetch-stub';
import { applicationFixture, enquiryFixture } from '@/test/fixtures';
import { createTestQueryClient } from '@/test/render';
import { api, type Schemas } from './api-client';
import { unwrap } from './api-error';
import { useChange } from './change';
import { applicationKeys, enquiryKeys } from './query-keys';

type Enquiry = Schemas['Enquiry'];
type Answer = Schemas['Answer'];

const SET_REF = '/api/v1/backendforfrontend/application/thirdPartyRef';
const ANSWERS = '/api/v1/actions/provideanswers/applicant-1';
const GET_APPLICATION = '/api/v1/application/1001';

function wrapperFor(queryClient: QueryClient) {
  return function Wrapper({ children }: { children: ReactNode }) {
    return <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>;
  };
}

function setRef(thirdPartyRef: string) {
  return async () => unwrap(await api.POST(SET_REF, { body: { id: 1001, thirdPartyRef } }));
}

function enquiry(answer: string | null): Enquiry {
  return enquiryFixture({ enquiryId: 'enquiry-1', allAnswers: answer === null ? [] : [{ tag: 'SMOKER', value: answer }] });
}

async function provideAnswers(answers: Answer[]) {
  return unwrap(await api.POST('/api/v1/actions/provideanswers/{applicantId}', { params: { path: { applicantId: 'applicant-1' } }, body: { answers } }));
}

function withAnswer(cached: Enquiry, answers: Answer[]): Enquiry {
  return { ...cached, allAnswers: answers };
}

/** A response the test lets go when it chooses. */
function held() {
  let release: (response: Response) => void = () => undefined;
  const response = new Promise<Response>((resolve) => {
    release = resolve;
  });
  return { response, release };
}

describe('useChange', () => {
  it('caches the application it answers with, and marks out of date the lists it names', async () => {
    stubApi([{ method: 'POST', path: SET_REF, respond: () => json(applicationFixture({ thirdPartyRef: 'REF-9' })) }]);
    const queryClient = createTestQueryClient();
    queryClient.setQueryData(applicationKeys.search({ searchTerm: '', stages: [], page: 1 }), { results: [] });
    const { result } = renderHook(() => useChange(setRef('REF-9'), { invalidates: [applicationKeys.searches()] }), {
      wrapper: wrapperFor(queryClient),
    });

    await act(() => result.current.mutateAsync());

    expect(queryClient.getQueryData<Schemas['Application']>(applicationKeys.detail(1001))?.thirdPartyRef).toBe('REF-9');
    expect(queryClient.getQueryState(applicationKeys.search({ searchTerm: '', stages: [], page: 1 }))?.isInvalidated).toBe(true);
  });

  it('caches another answer under the key it is given', async () => {
    stubApi([{ method: 'POST', path: ANSWERS, respond: () => json(enquiry('Yes')) }]);
    const queryClient = createTestQueryClient();
    const { result } = renderHook(
      () =>
        useChange(
          provideAnswers,
          { cacheKey: enquiryKeys.detail('applicant-1') },
        ),
      { wrapper: wrapperFor(queryClient) },
    );

    await act(() => result.current.mutateAsync([{ tag: 'SMOKER', value: 'Yes' }]));

    expect(queryClient.getQueryData(enquiryKeys.detail('applicant-1'))).toEqual(enquiry('Yes'));
  });

  it('shows an optimistic change at once and keeps only the latest call’s answer', async () => {
    const first = held();
    const second = held();
    const responses = [first.response, second.response];
    stubApi([{ method: 'POST', path: ANSWERS, respond: () => responses.shift() ?? json(null) }]);
    const queryClient = createTestQueryClient();
    queryClient.setQueryData(enquiryKeys.detail('applicant-1'), enquiry(null));
    const { result } = renderHook(
      () =>
        useChange(
          provideAnswers,
          { cacheKey: enquiryKeys.detail('applicant-1'), optimistic: withAnswer },
        ),
      { wrapper: wrapperFor(queryClient) },
    );
    const cached = () => queryClient.getQueryData<Enquiry>(enquiryKeys.detail('applicant-1'))?.allAnswers;

    let calls: Promise<unknown>[] = [];
    act(() => {
      calls = [result.current.mutateAsync([{ tag: 'SMOKER', value: 'Yes' }]), result.current.mutateAsync([{ tag: 'SMOKER', value: 'No' }])];
    });
    expect(cached()).toEqual([{ tag: 'SMOKER', value: 'No' }]);

    // The later post is answered first; the earlier post's late answer must not undo it.
    second.release(json(enquiry('No')));
    first.release(json(enquiry('Yes')));
    await act(() => Promise.all(calls));

    expect(cached()).toEqual([{ tag: 'SMOKER', value: 'No' }]);
  });

  it('never shows an older version when two changes to one thing answer out of order', async () => {
    // The last answer is saved (version 6), then the declaration ticked (version 7); the server
    // takes them in turn, but the first one's answer reaches the page last.
    const answers = held();
    stubApi([
      { method: 'POST', path: ANSWERS, respond: () => answers.response },
      {
        method: 'POST',
        path: '/api/v1/actions/acceptuwdeclaration',
        respond: () => json(enquiryFixture({ version: 7, declarations: { acceptedPreUnderwriting: true, acceptedPostUnderwriting: true } })),
      },
    ]);
    const queryClient = createTestQueryClient();
    const key = enquiryKeys.detail('applicant-1');
    queryClient.setQueryData(key, enquiryFixture({ version: 5 }));
    const wrapper = wrapperFor(queryClient);
    const answer = renderHook(() => useChange(provideAnswers, { cacheKey: key, optimistic: withAnswer }), { wrapper });
    const declare = renderHook(
      () =>
        useChange(async () => unwrap(await api.POST('/api/v1/actions/acceptuwdeclaration', { body: { applicationId: 1001, applicantId: 'applicant-1' } })), {
          cacheKey: key,
        }),
      { wrapper },
    );

    const saving = answer.result.current.mutateAsync([{ tag: 'SMOKER', value: 'No' }]);
    await act(() => declare.result.current.mutateAsync());
    answers.release(json(enquiryFixture({ version: 6, declarations: { acceptedPreUnderwriting: true, acceptedPostUnderwriting: false } })));
    await act(() => saving);

    const shown = queryClient.getQueryData<Enquiry>(key);
    expect(shown?.version).toBe(7);
    expect(shown?.declarations.acceptedPostUnderwriting).toBe(true);
  });

  it('puts back what was shown when the latest optimistic call is refused', async () => {
    stubApi([{ method: 'POST', path: ANSWERS, respond: () => problem(422, { title: 'Unprocessable', detail: 'Answer every question' }) }]);
    const queryClient = createTestQueryClient();
    queryClient.setQueryData(enquiryKeys.detail('applicant-1'), enquiry('Yes'));
    const { result } = renderHook(
      () =>
        useChange(
          provideAnswers,
          { cacheKey: enquiryKeys.detail('applicant-1'), optimistic: withAnswer },
        ),
      { wrapper: wrapperFor(queryClient) },
    );

    await act(() => result.current.mutateAsync([{ tag: 'SMOKER', value: 'No' }]).catch(() => undefined));

    expect(queryClient.getQueryData(enquiryKeys.detail('applicant-1'))).toEqual(enquiry('Yes'));
  });

  it('reads a shown query again until it records the change, not for a fixed time', async () => {
    const reads = [applicationFixture({ version: 3 }), applicationFixture({ version: 3 }), applicationFixture({ version: 4 })];
    const { requests } = stubApi([
      { method: 'POST', path: SET_REF, respond: () => json(applicationFixture({ version: 3 })) },
      { method: 'GET', path: GET_APPLICATION, respond: () => json(reads.length > 1 ? reads.shift() : reads[0]) },
    ]);
    const queryClient = createTestQueryClient();
    const { result } = renderHook(
      () => {
        const shown = useQuery({
          queryKey: ['recorded'],
          queryFn: async () => unwrap(await api.GET('/api/v1/application/{applicationId}', { params: { path: { applicationId: 1001 } } })),
        });
        const change = useChange(setRef('REF-9'), {
          cacheKey: ['answered'],
          awaits: { queryKey: ['recorded'], until: (application: Schemas['Application']) => application.version === 4 },
        });
        return { shown, change };
      },
      { wrapper: wrapperFor(queryClient) },
    );
    await waitFor(() => expect(result.current.shown.data?.version).toBe(3));

    await act(() => result.current.change.mutateAsync());

    await waitFor(() => expect(result.current.shown.data?.version).toBe(4));
    // The first read, then one more for each read that did not yet show it.
    expect(requests.filter((request) => request.url.pathname === GET_APPLICATION)).toHaveLength(3);
  });
});
