import type { Schemas } from './api-client';

export type Problem = Schemas['Problem'];
export type FieldError = Schemas['FieldError'];
export type ProblemType = Schemas['ProblemType'];

const PROBLEM = 'urn:adviser-portal:problem:';

/** The kind of refusal a problem type names, without its namespace: `not-found`, `conflict`, ... */
export type ProblemKind = ProblemType extends `${typeof PROBLEM}${infer Kind}` ? Kind : never;

/** The type a problem without a recognisable one has, from its status. */
const KIND_OF_STATUS: Record<number, ProblemKind> = {
  400: 'unreadable',
  401: 'not-signed-in',
  403: 'forbidden',
  404: 'not-found',
  405: 'method-not-allowed',
  409: 'conflict',
  413: 'too-large',
  422: 'invalid',
  429: 'rate-limited',
  503: 'unavailable',
};

function problemType(type: unknown, status: number): ProblemType {
  if (typeof type === 'string' && type.startsWith(PROBLEM)) return type as ProblemType;
  return `${PROBLEM}${KIND_OF_STATUS[status] ?? 'server-error'}`;
}

/** A non-2xx answer from the API, carrying its `application/problem+json` body when it had one. */
export class ApiError extends Error {
  readonly status: number;
  readonly problem: Problem | undefined;

  constructor(status: number, problem: Problem | undefined) {
    super(problem?.detail ?? problem?.title ?? `The request failed with status ${String(status)}`);
    this.name = 'ApiError';
    this.status = status;
    this.problem = problem;
  }

  get fieldErrors(): FieldError[] {
    return this.problem?.errors ?? [];
  }

  /** Whether the API refused with this kind of problem: decide on this, never on the English. */
  is(kind: ProblemKind): boolean {
    return problemType(this.problem?.type, this.status) === `${PROBLEM}${kind}`;
  }
}

export function isApiError(error: unknown): error is ApiError {
  return error instanceof ApiError;
}

/** Whether `error` is the API refusing with this kind of problem. */
export function isProblem(error: unknown, kind: ProblemKind): error is ApiError {
  return isApiError(error) && error.is(kind);
}

function isFieldError(value: unknown): value is FieldError {
  if (typeof value !== 'object' || value === null) return false;
  const candidate = value as Record<string, unknown>;
  return typeof candidate.field === 'string' && typeof candidate.message === 'string';
}

export function asProblem(body: unknown): Problem | undefined {
  if (typeof body !== 'object' || body === null) return undefined;
  const candidate = body as Record<string, unknown>;
  if (typeof candidate.title !== 'string' || typeof candidate.status !== 'number') return undefined;
  const errors = Array.isArray(candidate.errors) ? candidate.errors.filter(isFieldError) : undefined;
  return {
    type: problemType(candidate.type, candidate.status),
    title: candidate.title,
    status: candidate.status,
    detail: typeof candidate.detail === 'string' ? candidate.detail : candidate.title,
    ...(errors ? { errors } : {}),
  };
}

/** Returns the body of a successful openapi-fetch result, or throws an ApiError. */
export function unwrap<T>(result: { data?: T; error?: unknown; response: Response }): T {
  if (result.response.ok && result.data !== undefined) return result.data;
  // 204 No Content: done, with nothing to say (a dismissed notice).
  if (result.response.status === 204) return result.data as T;
  throw new ApiError(result.response.status, asProblem(result.error));
}
