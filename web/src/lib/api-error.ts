import type { Schemas } from './api-client';

export type Problem = Schemas['Problem'];
export type FieldError = Schemas['FieldError'];

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
}

export function isApiError(error: unknown): error is ApiError {
  return error instanceof ApiError;
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
    type: typeof candidate.type === 'string' ? candidate.type : 'about:blank',
    title: candidate.title,
    status: candidate.status,
    detail: typeof candidate.detail === 'string' ? candidate.detail : candidate.title,
    ...(errors ? { errors } : {}),
  };
}

/** Returns the body of a successful openapi-fetch result, or throws an ApiError. */
export function unwrap<T>(result: { data?: T; error?: unknown; response: Response }): T {
  if (result.response.ok && result.data !== undefined) return result.data;
  throw new ApiError(result.response.status, asProblem(result.error));
}
