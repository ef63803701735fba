import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, createUser, dbKind, type TestApp } from './test/helper';
import { seedPattern } from './features/patterns/detail.fixtures';

/**
 * Issue 11, "no 500 from any input": a property-based fuzz test that drives every route of the
 * OpenAPI document with generated bad input (NUL bytes, huge and negative numbers, wrong types,
 * long strings, unknown fields), as each role, and asserts no 5xx and an error body with a message.
 * Fixed seed and bounded count, so CI runs the same cases every time in well under a minute.
 *
 * Multipart routes get well-formed multipart bodies with a generated `data` part. Bodies with no
 * boundary or a broken one are left out until the one upload reader with one multipart error
 * mapping (the `structure` work of issue 11) is merged; add them here then.
 */
const SEED = 20261123;
const RUNS = 400;

interface Route {
  method: string;
  path: string;
  pathParams: string[];
  queryParams: string[];
  bodyProps: string[];
  multipart: boolean;
}

type OpenApiOperation = {
  parameters?: { in: string; name: string }[];
  requestBody?: { content?: Record<string, { schema?: { properties?: Record<string, unknown> } }> };
};

/** Values that have broken routes before, and plain noise around them. */
const badValue: fc.Arbitrary<unknown> = fc.oneof(
  fc.constantFrom(
    '\u0000',
    'a\u0000b',
    '',
    ' ',
    '%00',
    '-1',
    '0',
    '99999999999',
    '1e309',
    'NaN',
    '../../etc/passwd',
    '<script>',
    "'; drop table users; --",
  ),
  fc.constantFrom(
    0,
    -1,
    1,
    2_147_483_648,
    99_999_999_999,
    99_999_999.999,
    1e308,
    -1e308,
    0.5,
    Number.MAX_SAFE_INTEGER,
  ),
  fc.constantFrom(null, true, false, [], {}, [99_999_999_999], ['\u0000']),
  fc.string({ maxLength: 40 }),
  fc.string({ unit: 'grapheme', maxLength: 20 }),
  fc.string({ minLength: 300, maxLength: 6000 }),
  fc.integer(),
  fc.double(),
  fc.array(fc.oneof(fc.integer(), fc.string({ maxLength: 5 })), { maxLength: 5 }),
);
const asText = (v: unknown) => (typeof v === 'string' ? v : (JSON.stringify(v) ?? ''));

describe(`every route, every role, generated bad input: no 5xx (${dbKind})`, () => {
  let t: TestApp;
  let routes: Route[];
  const auth: Record<string, Record<string, string>> = {};
  let patternId = 1;
  beforeAll(async () => {
    t = await createTestApp();
    auth.anonymous = {};
    auth.user = (await createUser(t)).auth;
    auth.admin = (await createUser(t, { role: 'admin', brand: null })).auth;
    patternId = (await seedPattern(t, { sizes: 2 })).id;
    const doc = t.app.swagger() as { paths: Record<string, Record<string, OpenApiOperation>> };
    routes = Object.entries(doc.paths).flatMap(([path, ops]) =>
      Object.entries(ops)
        .filter(([method]) => ['get', 'post', 'put', 'patch', 'delete'].includes(method))
        // Signing out would end the sessions the other cases use; it takes no input anyway.
        .filter(([, op]) => path !== '/api/auth/signout' || !op)
        .map(([method, op]): Route => {
          const content = op.requestBody?.content ?? {};
          return {
            method: method.toUpperCase(),
            path,
            pathParams: (op.parameters ?? []).filter((p) => p.in === 'path').map((p) => p.name),
            queryParams: (op.parameters ?? []).filter((p) => p.in === 'query').map((p) => p.name),
            bodyProps: Object.keys(content['application/json']?.schema?.properties ?? {}),
            multipart:
              Boolean(content['multipart/form-data']) ||
              path.endsWith('/files') ||
              /update-user|signup|sizes/.test(path),
          };
        }),
    );
  });
  afterAll(() => t.close());

  it('covers the whole OpenAPI document', () => {
    expect(routes.length).toBeGreaterThan(25);
  });

  it('answers every generated request with a status below 500 and, for errors, a message', async () => {
    const anyRoute = fc.integer({ min: 0, max: 10_000 });
    const property = fc.asyncProperty(
      anyRoute,
      fc.constantFrom('anonymous', 'user', 'admin'),
      fc.oneof(fc.constant<unknown>('real'), badValue),
      fc.dictionary(fc.string({ maxLength: 8 }), badValue, { maxKeys: 2 }),
      fc.array(badValue, { minLength: 12, maxLength: 12 }),
      fc.boolean(),
      async (routeIndex, role, pathValue, extra, values, asMultipart) => {
        const route = routes[routeIndex % routes.length]!;
        let path = route.path;
        for (const name of route.pathParams) {
          const v = pathValue === 'real' ? patternId : pathValue;
          path = path.replace(`{${name}}`, encodeURIComponent(asText(v)) || '0');
        }
        const query = new URLSearchParams();
        route.queryParams.forEach((name, i) => {
          if (i % 2 === 0 || values[i] !== undefined)
            query.set(name, asText(values[i % values.length]));
        });
        const body: Record<string, unknown> = { ...extra };
        route.bodyProps.forEach((name, i) => (body[name] = values[(i + 3) % values.length]));
        const url = `${path}${query.size ? `?${query.toString()}` : ''}`;
        const headers = { ...auth[role], 'x-forwarded-for': '10.77.0.1' };
        let res;
        if (route.method === 'GET' || (route.method === 'DELETE' && route.bodyProps.length === 0)) {
          res = await t.app.inject({ method: route.method as 'GET', url, headers });
        } else if (route.multipart && asMultipart) {
          const form = new FormData();
          form.append('data', JSON.stringify(body));
          form.append(asText(values[0]).slice(0, 20) || 'field', asText(values[1]));
          res = await t.app.inject({ method: route.method as 'POST', url, headers, payload: form });
        } else {
          res = await t.app.inject({ method: route.method as 'POST', url, headers, payload: body });
        }
        const label = `${route.method} ${url} as ${role}: ${res.statusCode} ${res.body.slice(0, 200)}`;
        expect(res.statusCode, label).toBeLessThan(500);
        if (res.statusCode >= 400) {
          const json = res.json() as { message?: unknown; fields?: Record<string, string> };
          expect(typeof json.message === 'string' && json.message.length > 0, label).toBe(true);
          // Messages are read by people: no field key such as "(reason)" in them (issue 34).
          for (const key of Object.keys(json.fields ?? {}))
            expect(json.message, label).not.toContain(`(${key})`);
        }
      },
    );
    await fc.assert(property, { seed: SEED, numRuns: RUNS, endOnFailure: true });
  }, 120_000);
});
