/**
 * The one way the SPA changes something (issue 51): every command, and every request a click
 * starts, goes through `useChange`; files go through `useDownload`, which uses it too. An ESLint
 * rule refuses `useMutation` anywhere else.
 *
 * A command answers with what it changed (the application, a client's enquiry, an underwriter's
 * case); the answer replaces the cached copy, so the page reads its own write without asking again.
 * The `Idempotency-Key` and the one re-send after a 503 are the API client's (`idempotent-fetch.ts`);
 * react-query's own retry stays off (`query-client.ts`).
 */
import { useMutation, useQueryClient, type QueryClient, type QueryKey } from '@tanstack/react-query';
import { useRef } from 'react';
import type { Schemas } from './api-client';
import { applicationKeys } from './query-keys';

type Application = Schemas['Application'];

/** How often a read is asked again while waiting for it to show what a change set off. */
export const SETTLE_POLL_MS = 250;

/** How long to wait for it before leaving the read as it is (it is fetched again when next shown). */
export const SETTLE_DEADLINE_MS = 10_000;

/** A read that a change sets off but does not answer, and how to tell that it shows the change. */
export interface AwaitedRead<S> {
  queryKey: QueryKey;
  until: (data: S) => boolean;
}

export interface ChangeOptions<R, V, S = never> {
  /**
   * Where the answer is cached: a key, or a key from the answer. By default the application the
   * answer is (`applicationKeys.detail(answer.id)`); `null` for an answer nothing else shows (a
   * look-up started by a click, a read the server records), which only `invalidates`.
   */
  cacheKey?: QueryKey | ((answer: R) => QueryKey) | null;
  /** What of the answer is cached there, when it carries more than that (a new cover's id). */
  cached?: (answer: R) => unknown;
  /** Names the change, so a page can tell its own from others (downloads, which change nothing). */
  mutationKey?: QueryKey;
  /** What else the change makes out of date (the dashboard's searches, the workbench's lists), by prefix. */
  invalidates?: readonly QueryKey[];
  /**
   * Shown at once, before the answer: the cached value with the change applied. Only the answer to
   * the latest call replaces it, and a refusal of the latest call puts back what was there before.
   */
  optimistic?: (cached: R, variables: V) => R;
  /**
   * A read that records the change a moment after the answer (the application, once a client's
   * enquiry has closed): fetched again, while it is shown, until it shows the change.
   */
  awaits?: AwaitedRead<S>;
}

interface Context<R> {
  call: number;
  before: R | undefined;
}

function pause(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

/**
 * Fetches the read again until `until` holds, the page no longer shows it, or the deadline passes.
 * Waits on the data itself, never for a fixed time.
 */
export async function refetchUntil<S>(queryClient: QueryClient, { queryKey, until }: AwaitedRead<S>): Promise<void> {
  const deadline = Date.now() + SETTLE_DEADLINE_MS;
  for (;;) {
    await queryClient.invalidateQueries({ queryKey, exact: true });
    const data = queryClient.getQueryData<S>(queryKey);
    if (data !== undefined && until(data)) return;
    const shown = queryClient.getQueryCache().find({ queryKey, exact: true })?.isActive() ?? false;
    if (!shown || Date.now() >= deadline) return;
    await pause(SETTLE_POLL_MS);
  }
}

function applicationKey(answer: Application): QueryKey {
  return applicationKeys.detail(answer.id);
}

/** A command that answers with the application: cached as the application it is. */
export function useChange<V = void>(
  change: (variables: V) => Promise<Application>,
  options?: Omit<ChangeOptions<Application, V>, 'awaits'>,
): ReturnType<typeof useCachedChange<Application, V, never>>;
/**
 * A command that answers with something else (an enquiry, an underwriter's case): cached under
 * `cacheKey`; or, with `cacheKey: null`, a request whose answer nothing else shows (a look-up
 * started by a click, a read the server records), which only `invalidates`.
 */
export function useChange<V, R, S = never>(
  change: (variables: V) => Promise<R>,
  options:
    | (ChangeOptions<R, V, S> & { cacheKey: QueryKey | ((answer: R) => QueryKey) })
    | (Omit<ChangeOptions<R, V, S>, 'optimistic' | 'cached'> & { cacheKey: null }),
): ReturnType<typeof useCachedChange<R, V, S>>;
export function useChange<V, R, S>(change: (variables: V) => Promise<R>, options: ChangeOptions<R, V, S> = {}) {
  return useCachedChange(change, options);
}

function useCachedChange<R, V, S>(change: (variables: V) => Promise<R>, { cacheKey, cached, mutationKey, invalidates = [], optimistic, awaits }: ChangeOptions<R, V, S>) {
  const queryClient = useQueryClient();
  // Numbers each call, so an answer (or a refusal) overtaken by a later call leaves the page alone.
  const latest = useRef(0);
  const keyOf = (answer: R): QueryKey | null =>
    typeof cacheKey === 'function' ? cacheKey(answer) : cacheKey === undefined ? applicationKey(answer as Application) : cacheKey;

  return useMutation<R, Error, V, Context<R>>({
    mutationKey,
    mutationFn: change,
    onMutate: (variables) => {
      latest.current += 1;
      const call = latest.current;
      // Only a fixed key can be written before there is an answer.
      if (!optimistic || cacheKey === undefined || cacheKey === null || typeof cacheKey === 'function') return { call, before: undefined };
      const before = queryClient.getQueryData<R>(cacheKey);
      if (before !== undefined && before !== null) queryClient.setQueryData(cacheKey, optimistic(before, variables));
      return { call, before };
    },
    onSuccess: (answer, _variables, context) => {
      if (optimistic && context.call !== latest.current) return;
      const key = keyOf(answer);
      if (key !== null) queryClient.setQueryData(key, cached ? cached(answer) : answer);
      for (const queryKey of invalidates) void queryClient.invalidateQueries({ queryKey });
      if (awaits) void refetchUntil(queryClient, awaits);
    },
    onError: (_error, _variables, context) => {
      if (!optimistic || !context || context.call !== latest.current || context.before === undefined) return;
      if (cacheKey !== undefined && cacheKey !== null && typeof cacheKey !== 'function') queryClient.setQueryData(cacheKey, context.before);
    },
  });
}
