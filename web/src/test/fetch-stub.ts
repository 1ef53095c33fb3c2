/**
 * Stubs the network (globalThis.fetch) for component tests: each route answers a method and
 * path, and every request is recorded. Nothing else is stubbed: antd, react-query, the router
 * and openapi-fetch all run for real.
 */
import { vi } from 'vitest';

export interface RecordedRequest {
  method: string;
  url: URL;
  headers: Headers;
  body: unknown;
}

type Responder = (request: RecordedRequest) => Response | Promise<Response>;

export interface Route {
  method: string;
  path: string | RegExp;
  respond: Responder;
}

export function json(body: unknown, status = 200, headers: Record<string, string> = {}): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json', ...headers } });
}

export function problem(status: number, body: Record<string, unknown>): Response {
  return new Response(JSON.stringify({ status, ...body }), {
    status,
    headers: { 'Content-Type': 'application/problem+json' },
  });
}

/** A JSON body as its value; any other (a multipart form) as its text. */
function readBody(text: string, contentType: string | null): unknown {
  return contentType?.includes('json') ? (JSON.parse(text) as unknown) : text;
}

export function stubApi(routes: Route[]) {
  const requests: RecordedRequest[] = [];
  const fetchStub = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const request = input instanceof Request ? input : new Request(input, init);
    // A multipart body holding a jsdom File cannot be read back in jsdom (undici waits for it
    // for ever); such a request is recorded without its body.
    const multipart = request.headers.get('content-type')?.startsWith('multipart/') ?? false;
    const text = multipart ? '' : await request.text();
    const recorded: RecordedRequest = {
      method: request.method,
      url: new URL(request.url),
      headers: request.headers,
      body: text ? readBody(text, request.headers.get('content-type')) : undefined,
    };
    requests.push(recorded);
    const route = routes.find(
      (candidate) =>
        candidate.method === recorded.method &&
        (typeof candidate.path === 'string' ? candidate.path === recorded.url.pathname : candidate.path.test(recorded.url.pathname)),
    );
    if (!route) return problem(404, { title: `No stub for ${recorded.method} ${recorded.url.pathname}` });
    return route.respond(recorded);
  });
  vi.stubGlobal('fetch', fetchStub);
  return { requests, fetchStub };
}
