import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import {
  createTestApp,
  createUser,
  dbKind,
  brandIdBySlug,
  type TestApp,
  type TestUser,
} from '../../test/helper';
import { apiTokens } from '../../db/schema/integrations';
import {
  INTEGRATION_MSG,
  INTEGRATION_PATHS,
  type CreateToken,
} from '../../../shared/contracts/integrations';
import { PATTERN_DETAIL_PATHS } from '../../../shared/contracts/pattern-detail';
import { seedPattern, type SeededPattern } from '../patterns/detail.fixtures';
import { TOKEN_READ_ROUTES, TOKEN_WRITE_ROUTES } from '../../test/access-table';

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
interface Route {
  method: Method;
  path: string;
}

describe(`API tokens (${dbKind})`, () => {
  let t: TestApp;
  let admin: TestUser;
  let dittoUser: TestUser;
  let ditto: number;
  let other: SeededPattern;
  let own: SeededPattern;
  let routes: Route[];
  beforeAll(async () => {
    t = await createTestApp();
    admin = await createUser(t, { role: 'admin', brand: null });
    dittoUser = await createUser(t, { brand: 'ditto' });
    ditto = await brandIdBySlug(t, 'ditto');
    own = await seedPattern(t, { brand: 'ditto' });
    other = await seedPattern(t, { brand: 'butterick' });
    const doc = (await t.app.inject({ url: '/api/docs/json' })).json() as {
      paths: Record<string, Record<string, unknown>>;
    };
    routes = Object.entries(doc.paths).flatMap(([path, ops]) =>
      Object.keys(ops)
        .filter((m) => ['get', 'post', 'put', 'patch', 'delete'].includes(m))
        .map((m) => ({ method: m.toUpperCase() as Method, path })),
    );
  });
  afterAll(() => t.close());

  const create = (body: CreateToken, user: { authorization: string } = admin.auth) =>
    t.app.inject({ method: 'POST', url: INTEGRATION_PATHS.tokens, headers: user, payload: body });
  const tokenAuth = async (body: CreateToken) => {
    const r = await create(body);
    expect(r.statusCode).toBe(201);
    return { authorization: `Bearer ${r.json().token as string}`, id: String(r.json().data.id) };
  };
  /** Tokens are for the catalogue (issue 33 item 4): every other route refuses them. */
  const tokenDenied = (r: Route) =>
    ![...TOKEN_READ_ROUTES, ...TOKEN_WRITE_ROUTES].includes(`${r.method} ${r.path}`);
  /** Every route of the OpenAPI document, its path parameters pointing at another brand's records. */
  const call = (r: Route, headers: Record<string, string>) =>
    t.app.inject({
      method: r.method,
      url: r.path.replace(/\{(\w+)\}/g, (_, name: string) =>
        String(
          name === 'fileId' ? other.pdfFileIds[0] : name === 'sizeId' ? other.sizeIds[0] : other.id,
        ),
      ),
      headers: {
        ...headers,
        ...(r.method === 'GET' || r.method === 'DELETE'
          ? {}
          : { 'content-type': 'application/json' }),
      },
      ...(r.method === 'GET' || r.method === 'DELETE' ? {} : { payload: '{}' }),
    });

  it('is created by admins only, shown once, stored as a hash and listed with its last use', async () => {
    expect((await create({ name: 'Shop', scope: 'read' }, dittoUser.auth)).statusCode).toBe(403);
    const r = await create({ name: 'Shop', scope: 'read', brandId: ditto });
    expect(r.json()).toMatchObject({
      message: INTEGRATION_MSG.tokenCreated,
      data: { name: 'Shop', scope: 'read', brand: { id: ditto }, lastUsedAt: null },
    });
    const token = r.json().token as string;
    expect(token).toMatch(/^ppp_/);
    const [row] = await t.deps.database.db
      .select()
      .from(apiTokens)
      .where(eq(apiTokens.id, r.json().data.id));
    if (!row) throw new Error('expected row');
    expect(row.tokenHash).not.toContain(token);
    expect(
      (
        await t.app.inject({
          url: PATTERN_DETAIL_PATHS.detail(own.id),
          headers: { authorization: `Bearer ${token}` },
        })
      ).statusCode,
    ).toBe(200);
    const list = (await t.app.inject({ url: INTEGRATION_PATHS.tokens, headers: admin.auth })).json()
      .data;
    expect(list.find((x: { id: number }) => x.id === row.id).lastUsedAt).not.toBeNull();
    expect(JSON.stringify(list)).not.toContain(token);
  });

  it('refuses bad input at the field', async () => {
    const past = await create({ name: 'x', scope: 'read', expiresAt: '2001-01-01T00:00:00Z' });
    expect(past.statusCode).toBe(400);
    expect(past.json().fields).toEqual({ expiresAt: 'Expiry must be in the future' });
    const brand = await create({ name: 'x', scope: 'read', brandId: 999999 });
    expect(brand.json().fields).toEqual({ brandId: 'Choose an existing brand' });
    const scope = await create({ name: '', scope: 'all' as never });
    expect(scope.statusCode).toBe(400);
    expect(Object.keys(scope.json().fields)).toEqual(expect.arrayContaining(['name', 'scope']));
  });

  it('a brand token sees exactly what a user of its brand sees, on every route', async () => {
    const token = await tokenAuth({ name: 'Ditto RW', scope: 'read_write', brandId: ditto });
    expect(routes.length).toBeGreaterThan(30);
    for (const r of routes) {
      const denied = tokenDenied(r);
      const asToken = await call(r, token);
      if (denied) {
        expect(asToken.statusCode, `${r.method} ${r.path}`).toBe(403);
        expect(asToken.json().message).toBe(INTEGRATION_MSG.tokenNotAllowed);
        continue;
      }
      const asUser = await call(r, dittoUser.auth);
      expect(asToken.statusCode, `${r.method} ${r.path}`).toBe(asUser.statusCode);
    }
    const detail = await t.app.inject({
      url: PATTERN_DETAIL_PATHS.detail(other.id),
      headers: token,
    });
    expect(detail.statusCode).toBe(404);
  });

  it('a read-only token gets 403 on every write and reads what an admin reads', async () => {
    const token = await tokenAuth({ name: 'All brands RO', scope: 'read' });
    for (const r of routes) {
      const res = await call(r, token);
      const isRead = TOKEN_READ_ROUTES.includes(`${r.method} ${r.path}`);
      if (!isRead || tokenDenied(r)) expect(res.statusCode, `${r.method} ${r.path}`).toBe(403);
      else
        expect(res.statusCode, `${r.method} ${r.path}`).toBe(
          (await call(r, admin.auth)).statusCode,
        );
    }
    expect(
      (await t.app.inject({ url: PATTERN_DETAIL_PATHS.detail(other.id), headers: token }))
        .statusCode,
    ).toBe(200);
  });

  it('a revoked or expired token is refused (401) on every route that needs a sign-in', async () => {
    const revoked = await tokenAuth({ name: 'Revoked', scope: 'read_write' });
    expect(
      (
        await t.app.inject({
          method: 'DELETE',
          url: INTEGRATION_PATHS.token(revoked.id),
          headers: admin.auth,
        })
      ).json(),
    ).toEqual({ message: INTEGRATION_MSG.tokenRevoked });
    const expired = await tokenAuth({
      name: 'Expired',
      scope: 'read_write',
      expiresAt: new Date(Date.now() + 60_000).toISOString(),
    });
    await t.deps.database.db
      .update(apiTokens)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(apiTokens.id, Number(expired.id)));
    for (const r of routes) {
      const anonymous = await call(r, {});
      if (anonymous.statusCode !== 401) continue; // a public route: a token changes nothing there
      expect((await call(r, revoked)).statusCode, `${r.method} ${r.path}`).toBe(401);
      expect((await call(r, expired)).statusCode, `${r.method} ${r.path}`).toBe(401);
    }
    const list = (await t.app.inject({ url: INTEGRATION_PATHS.tokens, headers: admin.auth })).json()
      .data;
    expect(list.find((x: { id: number }) => x.id === Number(revoked.id)).revokedAt).not.toBeNull();
  });

  it('a token cannot create users, tokens or webhooks', async () => {
    const token = await tokenAuth({ name: 'Admin RW', scope: 'read_write' });
    const tries = [
      {
        method: 'POST' as const,
        url: INTEGRATION_PATHS.tokens,
        payload: { name: 'x', scope: 'read' },
      },
      {
        method: 'POST' as const,
        url: INTEGRATION_PATHS.endpoints,
        payload: { url: 'https://example.com', events: ['pattern.published'] },
      },
      { method: 'POST' as const, url: '/api/auth/signup', payload: {} },
    ];
    for (const req of tries) {
      const r = await t.app.inject({ ...req, headers: token });
      expect(r.statusCode).toBe(403);
      expect(r.json().message).toBe(INTEGRATION_MSG.tokenNotAllowed);
    }
  });

  it('refuses everything but the catalogue to a token without a brand and to a brand token (issue 33 item 4)', async () => {
    const all = await tokenAuth({ name: 'tokAll', scope: 'read_write' });
    const brand = await tokenAuth({ name: 'Ditto RW', scope: 'read_write', brandId: ditto });
    const tries: { method: Method; url: string; payload?: object }[] = [
      { method: 'GET', url: '/api/contact/support' },
      { method: 'GET', url: '/api/newsletter/export.csv' },
      { method: 'GET', url: '/api/auth/me' },
      { method: 'POST', url: '/api/auth/user-list', payload: {} },
      { method: 'POST', url: '/api/brands', payload: { name: 'Token Brand' } },
      { method: 'PUT', url: '/api/admin/review-recipients', payload: { userIds: [admin.id] } },
      { method: 'POST', url: `/api/patterns/${own.id}/publish`, payload: {} },
      { method: 'POST', url: `/api/patterns/${own.id}/unpublish`, payload: { reason: 'Token' } },
      {
        method: 'POST',
        url: `/api/patterns/${own.id}/request-changes`,
        payload: { reason: 'Token' },
      },
      { method: 'PUT', url: '/api/account/mail-preferences', payload: { reviewMails: false } },
      { method: 'GET', url: '/api/account/mail-preferences' },
      { method: 'POST', url: '/api/contact/support', payload: {} },
    ];
    for (const token of [all, brand])
      for (const req of tries) {
        const r = await t.app.inject({ ...req, headers: { authorization: token.authorization } });
        const label = `${req.method} ${req.url} with ${token === all ? 'tokAll' : 'a brand token'}`;
        expect(r.statusCode, label).toBe(403);
        expect(r.json().message, label).toBe(INTEGRATION_MSG.tokenNotAllowed);
      }
    // The catalogue stays open to them.
    for (const token of [all, brand]) {
      const headers = { authorization: token.authorization };
      expect((await t.app.inject({ url: '/api/patterns', headers })).statusCode).toBe(200);
      expect(
        (await t.app.inject({ url: PATTERN_DETAIL_PATHS.detail(own.id), headers })).statusCode,
      ).toBe(200);
      expect((await t.app.inject({ url: INTEGRATION_PATHS.changes, headers })).statusCode).toBe(
        200,
      );
    }
  });
});
