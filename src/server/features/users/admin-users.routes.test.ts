import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  brandIdBySlug,
  createTestApp,
  createUser,
  dbKind,
  type TestApp,
  type TestUser,
} from '../../test/helper';
import { MSG } from '../../../shared/messages';
import { USER_MSG, type UserListItem } from '../../../shared/contracts/users';

describe(`users list and disabling (${dbKind})`, () => {
  let t: TestApp;
  let admin: TestUser;
  let user: TestUser;
  let butterick: number;
  beforeAll(async () => {
    t = await createTestApp();
    admin = await createUser(t, { role: 'admin', brand: null, fullName: 'Alma Admin' });
    user = await createUser(t, { fullName: 'Uma User' });
    // 12 "Quilter" accounts: 7 of Ditto, 5 of Butterick, 2 of them admins.
    for (let i = 1; i <= 12; i++) {
      await createUser(t, {
        fullName: `Quilter ${String(i).padStart(2, '0')}`,
        email: `quilter${i}@stitch.example`,
        brand: i <= 7 ? 'ditto' : 'butterick',
        role: i === 3 || i === 9 ? 'admin' : 'user',
      });
    }
    await createUser(t, { fullName: 'Percent 100% Sure', email: 'percent@example.com' });
    butterick = await brandIdBySlug(t, 'butterick');
  });
  afterAll(() => t.close());

  const list = (body: Record<string, unknown>, headers = admin.auth) =>
    t.app.inject({ method: 'POST', url: '/api/auth/user-list', headers, payload: body });
  const names = (rows: UserListItem[]) => rows.map((r) => r.fullName);

  it('pages through accounts by name with the total', async () => {
    const first = await list({ search: 'quilter', page: 1, pageSize: 10 });
    expect(first.statusCode).toBe(200);
    expect(first.json().totalCountData).toBe(12);
    expect(names(first.json().data)).toEqual(
      Array.from({ length: 10 }, (_, i) => `Quilter ${String(i + 1).padStart(2, '0')}`),
    );
    const second = await list({ search: 'quilter', page: 2, pageSize: 10 });
    expect(names(second.json().data)).toEqual(['Quilter 11', 'Quilter 12']);
    expect(second.json().totalCountData).toBe(12);
    const all = await list({});
    expect(all.json().data).toHaveLength(10);
    expect(all.json().totalCountData).toBe(15);
    expect(all.json().data[0]).toMatchObject({
      fullName: 'Alma Admin',
      role: 'admin',
      disabled: false,
      brand: null,
    });
    expect(all.json().data[0].createdAt).toMatch(/^\d{4}-\d\d-\d\dT/);
  });

  it('searches name and e-mail without regard to case, and % literally', async () => {
    expect(names((await list({ search: 'QUILTER 1' })).json().data)).toEqual([
      'Quilter 10',
      'Quilter 11',
      'Quilter 12',
    ]);
    expect(names((await list({ search: 'quilter7@STITCH' })).json().data)).toEqual(['Quilter 07']);
    expect(names((await list({ search: '100%' })).json().data)).toEqual(['Percent 100% Sure']);
    expect((await list({ search: '%' })).json().totalCountData).toBe(1);
    expect((await list({ search: 'nobody-at-all' })).json()).toEqual({
      data: [],
      totalCountData: 0,
    });
  });

  it('searches without regard to accents, "ß" read as "ss" (issue 48)', async () => {
    await createUser(t, { fullName: 'Zoë Größe-Éclair', email: 'zoe@example.com' });
    for (const term of ['zoe', 'ZOË', 'grosse', 'GRÖSSE', 'größe', 'eclair', 'e\u0301clair'])
      expect(names((await list({ search: term })).json().data), term).toEqual(['Zoë Größe-Éclair']);
  });

  it('filters by brand and role, together with search', async () => {
    const brand = (await list({ search: 'quilter', brandId: butterick })).json();
    expect(brand.totalCountData).toBe(5);
    expect(brand.data.every((r: UserListItem) => r.brand?.slug === 'butterick')).toBe(true);
    expect(names((await list({ search: 'quilter', role: 'admin' })).json().data)).toEqual([
      'Quilter 03',
      'Quilter 09',
    ]);
    expect(
      names((await list({ search: 'quilter', role: 'admin', brandId: butterick })).json().data),
    ).toEqual(['Quilter 09']);
  });

  it('validates the page request and is for admins only', async () => {
    const bad = await list({ page: 0, pageSize: 7 });
    expect(bad.statusCode).toBe(400);
    expect(Object.keys(bad.json().fields).sort()).toEqual(['page', 'pageSize']);
    expect((await list({}, user.auth)).statusCode).toBe(403);
    expect(
      (await t.app.inject({ method: 'POST', url: '/api/auth/user-list', payload: {} })).statusCode,
    ).toBe(401);
  });

  const setStatus = (id: number, disabled: boolean, headers = admin.auth) =>
    t.app.inject({
      method: 'PATCH',
      url: `/api/users/${id}/status`,
      headers,
      payload: { disabled },
    });

  it('disabling ends the sessions at once and stops sign-in; enabling allows it again', async () => {
    const target = await createUser(t, { email: 'to-disable@example.com' });
    const second = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: target.email, password: target.password },
    });
    const secondAuth = { authorization: `Bearer ${second.json().token}` };
    expect((await t.app.inject({ url: '/api/auth/me', headers: target.auth })).statusCode).toBe(
      200,
    );

    const res = await setStatus(target.id, true);
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({ id: target.id, disabled: true });
    expect((await t.app.inject({ url: '/api/auth/me', headers: target.auth })).statusCode).toBe(
      401,
    );
    expect((await t.app.inject({ url: '/api/auth/me', headers: secondAuth })).statusCode).toBe(401);
    const sessions = await t.deps.database.db.query.sessions.findMany({
      where: (s, { eq }) => eq(s.userId, target.id),
    });
    expect(sessions).toEqual([]);
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: target.email, password: target.password },
    });
    expect(login.statusCode).toBe(403);
    expect(login.json().message).toBe(MSG.accountDisabled);

    expect((await setStatus(target.id, false)).json().data.disabled).toBe(false);
    const again = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: target.email, password: target.password },
      remoteAddress: '10.3.0.1',
    });
    expect(again.statusCode).toBe(200);
  });

  it('refuses an admin disabling themself, users, and unknown accounts', async () => {
    const self = await setStatus(admin.id, true);
    expect(self.statusCode).toBe(409);
    expect(self.json().message).toBe(USER_MSG.cannotDisableSelf);
    expect((await t.app.inject({ url: '/api/auth/me', headers: admin.auth })).statusCode).toBe(200);
    expect((await setStatus(admin.id, true, user.auth)).statusCode).toBe(403);
    expect((await setStatus(999999, true)).statusCode).toBe(404);
    expect(
      (
        await t.app.inject({
          method: 'PATCH',
          url: `/api/users/${user.id}/status`,
          headers: admin.auth,
          payload: {},
        })
      ).statusCode,
    ).toBe(400);
  });
});
