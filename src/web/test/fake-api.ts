import { expect, vi } from 'vitest';
import { ErrorBodySchema, type ErrorBody } from '../../shared/errors';

/** What a fake route answers: a body for 200, or a status with the server's error body. */
export type FakeReply = unknown | { status: number; body: ErrorBody };

export interface FakeRequest {
  method: string;
  /** The path without the query string, as the contracts write it (`/api/patterns/4`). */
  path: string;
  query: URLSearchParams;
  body: unknown;
}

/** `'GET /api/patterns'` → what it answers; a function sees the request (query, body). */
export type FakeRoutes = Record<string, FakeReply | ((req: FakeRequest) => FakeReply)>;

const isError = (r: unknown): r is { status: number; body: ErrorBody } =>
  typeof r === 'object' && r !== null && 'status' in r && 'body' in r;

/**
 * The API as a component test sees it (docs/conventions.md rule 7: component tests may fake HTTP, their
 * replies written with the contracts' types; the real server is proven by the API and e2e tests). `fetch` answers the
 * routes given, by method and path; anything else is a 404 with the server's error body, so a
 * screen's side requests (header counts, site config) fail quietly. Every request is recorded.
 */
export function fakeApi(routes: FakeRoutes) {
  const requests: FakeRequest[] = [];
  const fetchFake = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(String(input instanceof Request ? input.url : input), 'http://portal.test');
    const method = init?.method ?? 'GET';
    const text = typeof init?.body === 'string' ? init.body : undefined;
    const req: FakeRequest = {
      method,
      path: url.pathname,
      query: url.searchParams,
      body: text ? (JSON.parse(text) as unknown) : undefined,
    };
    requests.push(req);
    const route = routes[`${method} ${url.pathname}`];
    const reply =
      route === undefined
        ? { status: 404, body: { message: 'Not found', code: 'NOT_FOUND' } }
        : typeof route === 'function'
          ? (route as (r: FakeRequest) => FakeReply)(req)
          : route;
    // A faked error body is one the server could send (its code one of ERROR_CODES): checked here,
    // since the client would read any other as a stranger's reply. Soft: a throw would reach the
    // screen as a lost connection.
    if (isError(reply))
      expect
        .soft(
          ErrorBodySchema.safeParse(reply.body).success,
          `${method} ${url.pathname}: error body`,
        )
        .toBe(true);
    const [status, body] = isError(reply) ? [reply.status, reply.body] : [200, reply];
    return new Response(JSON.stringify(body), {
      status,
      headers: { 'content-type': 'application/json' },
    });
  });
  vi.stubGlobal('fetch', fetchFake);
  return {
    requests,
    /** The requests to one path (`GET /api/patterns`), oldest first. */
    to: (key: string) => requests.filter((r) => `${r.method} ${r.path}` === key),
  };
}
