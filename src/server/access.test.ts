import Fastify, { type RouteOptions } from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, createUser, dbKind, brandIdBySlug, type TestApp } from './test/helper';
import {
  ADMIN_ROUTES,
  PUBLIC_ROUTES,
  TOKEN_READ_ROUTES,
  TOKEN_WRITE_ROUTES,
} from './test/access-table';
import { seedPattern, type SeededPattern } from './features/patterns/detail.fixtures';
import { lifecycleRoutes } from './features/lifecycle';
import { INTEGRATION_MSG, INTEGRATION_PATHS } from '../shared/contracts/integrations';
import { LIFECYCLE_ROUTES } from '../shared/contracts/lifecycle';
import { authPlugin } from './plugins/auth';

/**
 * Issue 33 item 8: access is declared where each route is registered, and this is the table.
 * Every route of the OpenAPI document is called anonymously, as a partner, as an admin and with
 * each kind of API token, and must answer as its declaration says; the declarations must be the
 * lists of test/access-table.ts (public routes, admin routes, what tokens may call).
 */
type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
interface Route {
  key: string;
  method: Method;
  path: string;
}
type Identity =
  'anonymous' | 'partner' | 'admin' | `token ${'read' | 'read_write'} ${'all' | 'brand'}`;

const ADMIN_ONLY = 'Only admins can do this.';
const openApiPath = (url: string) => url.replace(/:(\w+)/g, '{$1}');

function expectedDeclaration(key: string) {
  const access = PUBLIC_ROUTES.includes(key)
    ? 'public'
    : ADMIN_ROUTES.includes(key)
      ? 'admin'
      : 'signedIn';
  const tokens = TOKEN_READ_ROUTES.includes(key)
    ? 'read'
    : TOKEN_WRITE_ROUTES.includes(key)
      ? 'write'
      : undefined;
  return { access, tokens };
}

/** The refusal the access hook must give, or undefined when the call must get past it. */
function refusal(key: string, who: Identity): { status: number; message?: string } | undefined {
  const { access, tokens } = expectedDeclaration(key);
  if (who === 'anonymous') return access === 'public' ? undefined : { status: 401 };
  if (who === 'partner')
    return access === 'admin' ? { status: 403, message: ADMIN_ONLY } : undefined;
  if (who === 'admin') return undefined;
  if (!tokens) return { status: 403, message: INTEGRATION_MSG.tokenNotAllowed };
  if (tokens === 'write' && who.startsWith('token read '))
    return { status: 403, message: INTEGRATION_MSG.tokenReadOnly };
  return undefined;
}

describe(`declared access on every route (${dbKind})`, () => {
  let t: TestApp;
  let own: SeededPattern;
  let routes: Route[];
  const declared = new Map<string, RouteOptions>();
  const headers: Record<Identity, Record<string, string>> = {} as never;
  beforeAll(async () => {
    t = await createTestApp(
      {},
      {
        beforeRoutes: (app) =>
          app.addHook('onRoute', (r) => {
            if (r.url.startsWith('/api/') && !r.url.startsWith('/api/docs'))
              for (const m of [r.method].flat())
                if (m !== 'HEAD') declared.set(`${m} ${openApiPath(r.url)}`, r);
          }),
      },
    );
    const ditto = await brandIdBySlug(t, 'ditto');
    own = await seedPattern(t, { brand: 'ditto', sizes: 2 });
    const admin = await createUser(t, { role: 'admin', brand: null });
    headers.anonymous = {};
    headers.partner = (await createUser(t, { brand: 'ditto' })).auth;
    headers.admin = admin.auth;
    for (const scope of ['read', 'read_write'] as const)
      for (const brand of ['all', 'brand'] as const) {
        const r = await t.app.inject({
          method: 'POST',
          url: INTEGRATION_PATHS.tokens,
          headers: admin.auth,
          payload: { name: `${scope} ${brand}`, scope, brandId: brand === 'all' ? null : ditto },
        });
        expect(r.statusCode).toBe(201);
        headers[`token ${scope} ${brand}`] = { authorization: `Bearer ${r.json().token}` };
      }
    const doc = t.app.swagger() as { paths: Record<string, Record<string, unknown>> };
    routes = Object.entries(doc.paths)
      .flatMap(([path, ops]) =>
        Object.keys(ops)
          .filter((m) => ['get', 'post', 'put', 'patch', 'delete'].includes(m))
          .map((m) => ({
            key: `${m.toUpperCase()} ${path}`,
            method: m.toUpperCase() as Method,
            path,
          })),
      )
      // Signing out ends the session the other calls use: last.
      .sort(
        (a, b) => Number(a.path === '/api/auth/signout') - Number(b.path === '/api/auth/signout'),
      );
  });
  afterAll(() => t.close());

  it('declares every route as the table says', () => {
    expect(routes.length).toBeGreaterThan(70);
    expect([...declared.keys()].sort()).toEqual(routes.map((r) => r.key).sort());
    for (const [key, route] of declared) {
      const { access, tokens } = route.config ?? {};
      expect({ access, tokens }, key).toEqual(expectedDeclaration(key));
    }
    for (const list of [PUBLIC_ROUTES, ADMIN_ROUTES, TOKEN_READ_ROUTES, TOKEN_WRITE_ROUTES])
      for (const key of list) expect(declared.has(key), `${key} is a route`).toBe(true);
    expect(
      routes.filter((r) => expectedDeclaration(r.key).access === 'public').map((r) => r.key),
    ).toEqual([
      'GET /api/health',
      'POST /api/auth/two-factor',
      'POST /api/auth/passkey/options',
      'POST /api/auth/passkey',
      'POST /api/auth/login',
      'GET /api/auth/oidc/config',
      'GET /api/auth/oidc/start',
      'GET /api/auth/oidc/callback',
      'POST /api/auth/oidc/finish',
      'POST /api/auth/forgot-password',
      'POST /api/auth/reset-password',
      'POST /api/invitations/check',
      'POST /api/invitations/accept',
      'POST /api/newsletter/subscribe',
      'GET /api/site/config',
    ]);
  });

  /** Path parameters point at the partner's own records; other ids at nothing, so no call revokes a token. */
  const call = (r: Route, who: Identity) =>
    t.app.inject({
      method: r.method,
      url: r.path.replace(/\{(\w+)\}/g, (_, name: string) =>
        String(
          r.path.startsWith('/api/patterns/') || r.path.startsWith('/api/sizes/')
            ? name === 'id'
              ? own.id
              : name === 'sizeId'
                ? own.sizeIds[0]
                : name === 'fileId'
                  ? own.pdfFileIds[0]
                  : 999_999
            : name === 'size'
              ? 'small'
              : name === 'id' && r.path.startsWith('/api/files/')
                ? own.pdfFileIds[0]
                : 999_999,
        ),
      ),
      headers: {
        ...headers[who],
        'x-forwarded-for': '10.33.0.8',
        ...(r.method === 'GET' ? {} : { 'content-type': 'application/json' }),
      },
      ...(r.method === 'GET' ? {} : { payload: '{}' }),
    });

  it('answers every route, as every identity, as its declaration says', async () => {
    const identities = Object.keys(headers) as Identity[];
    for (const r of routes)
      for (const who of identities) {
        const res = await call(r, who);
        const label = `${r.key} as ${who}: ${res.statusCode} ${res.body.slice(0, 160)}`;
        expect(res.statusCode, label).toBeLessThan(500);
        const refused = refusal(r.key, who);
        if (refused) {
          expect(res.statusCode, label).toBe(refused.status);
          if (refused.message) expect(res.json().message, label).toBe(refused.message);
          continue;
        }
        expect(res.statusCode, label).not.toBe(401);
        if (res.statusCode === 403)
          expect(res.json().message, label).not.toMatch(
            new RegExp(
              [ADMIN_ONLY, INTEGRATION_MSG.tokenNotAllowed, INTEGRATION_MSG.tokenReadOnly]
                .map((m) => m.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'))
                .join('|'),
            ),
          );
      }
    // ~90 routes × 7 identities, one after another: seconds when quiet, 30 s and more at load 25.
  }, 180_000);

  it('the review count is for admins (the issue: without its guard anyone got 200)', async () => {
    const url = LIFECYCLE_ROUTES.reviewCount;
    expect((await t.app.inject({ url })).statusCode).toBe(401);
    expect((await t.app.inject({ method: 'HEAD', url })).statusCode).toBe(401);
    const partner = await t.app.inject({ url, headers: await freshPartner() });
    expect(partner.statusCode).toBe(403);
    expect((await t.app.inject({ url, headers: await freshAdmin() })).json()).toEqual({
      data: { inReview: expect.any(Number) },
    });
  });
  const freshPartner = async () => (await createUser(t, { brand: 'ditto' })).auth;
  const freshAdmin = async () => (await createUser(t, { role: 'admin', brand: null })).auth;
});

describe('an /api route without a declaration', () => {
  const lookups = {
    findSessionUser: async () => undefined,
    isApiToken: () => false,
    findTokenUser: async () => undefined,
  };
  const build = (strip: (r: RouteOptions) => void) => {
    const app = Fastify();
    app.setValidatorCompiler(validatorCompiler);
    app.setSerializerCompiler(serializerCompiler);
    app.addHook('onRoute', strip);
    return app;
  };

  it('stops start-up, naming the route: the review count without its admin declaration', async () => {
    const app = build((r) => {
      if (r.url === '/api/patterns/review-count') delete r.config?.access;
    });
    await app.register(authPlugin, { lookups });
    await expect(app.register(lifecycleRoutes).ready()).rejects.toThrow(
      /GET \/api\/patterns\/review-count declares no access/,
    );
    await app.close();
  });

  it('stops start-up for any new route, and for a token scope on an admin route', async () => {
    const app = build(() => undefined);
    await app.register(authPlugin, { lookups });
    app.register(async (feature) => {
      feature.get('/api/new-thing', async () => ({ ok: true }));
    });
    await expect(app.ready()).rejects.toThrow(/GET \/api\/new-thing declares no access/);
    await app.close();
    const admin = build(() => undefined);
    await admin.register(authPlugin, { lookups });
    admin.register(async (feature) => {
      feature.get('/api/x', { config: { access: 'admin', tokens: 'read' } }, async () => ({}));
    });
    await expect(admin.ready()).rejects.toThrow(/GET \/api\/x is for admins/);
    await admin.close();
  });
});
