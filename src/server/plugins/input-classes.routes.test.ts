import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createTestApp,
  createUser,
  dbKind,
  brandIdBySlug,
  type TestApp,
  type TestUser,
} from '../test/helper';
import { seedPattern } from '../features/patterns/detail.fixtures';
import { PRICE_MAX } from '../../shared/contracts/common';
import { profileForm } from '../features/users/test-helpers';

/**
 * Issue 11, "no 500 from any input": each reproduction of a class (NUL bytes in any text, integers
 * beyond the column, a price that overflows after rounding) answers 400 with the field named.
 */
describe(`input classes answer 4xx at the field (${dbKind})`, () => {
  let t: TestApp;
  let admin: TestUser;
  let owner: TestUser;
  let patternId: number;
  let code: string;
  let dittoId: number;
  beforeAll(async () => {
    t = await createTestApp();
    admin = await createUser(t, { role: 'admin', brand: null });
    owner = await createUser(t);
    const p = await seedPattern(t);
    patternId = p.id;
    code = p.code;
    dittoId = await brandIdBySlug(t, 'ditto');
  });
  afterAll(() => t.close());

  const expectField = (res: { statusCode: number; json(): unknown }, field: string) => {
    expect(res.statusCode, JSON.stringify(res.json())).toBe(400);
    const body = res.json() as { message: string; fields?: Record<string, string> };
    expect(body.message).toBeTruthy();
    expect(Object.keys(body.fields ?? {})).toContain(field);
  };
  const put = (payload: object) =>
    t.app.inject({
      method: 'PUT',
      url: `/api/patterns/${patternId}`,
      headers: owner.auth,
      payload,
    });
  const base = () => ({ SFCC_Pattern_ID: code, Pattern_Name: 'Name', Brand: dittoId });

  it('a NUL byte in any text field, query or path', async () => {
    expectField(await put({ ...base(), Notion: 'a\u0000b' }), 'Notion');
    expectField(await put({ ...base(), Pattern_Name: '\u0000' }), 'Pattern_Name');
    expectField(
      await t.app.inject({ url: '/api/patterns?search=%00', headers: owner.auth }),
      'search',
    );
    const csv = await t.app.inject({
      url: '/api/patterns/export.csv?search=a%00',
      headers: owner.auth,
    });
    expectField(csv, 'search');
    expectField(
      await t.app.inject({
        method: 'POST',
        url: '/api/auth/user-list',
        headers: admin.auth,
        payload: { search: 'x\u0000' },
      }),
      'search',
    );
    expectField(
      await t.app.inject({
        method: 'POST',
        url: '/api/brands',
        headers: admin.auth,
        payload: { name: 'Bad\u0000Brand' },
      }),
      'name',
    );
    expectField(
      await t.app.inject({
        method: 'POST',
        url: '/api/auth/login',
        payload: { email: 'a\u0000@example.com', password: 'Passw0rd!' },
      }),
      'email',
    );
    const support = await t.app.inject({
      method: 'POST',
      url: '/api/patterns/%00',
      headers: owner.auth,
      payload: {},
    });
    expect(support.statusCode).toBeGreaterThanOrEqual(400);
    expect(support.statusCode).toBeLessThan(500);
  });

  it('a NUL byte or an integer beyond the column inside a multipart form (signup, the reported leak)', async () => {
    const data = {
      fullName: 'New\u0000Person',
      email: 'new-person@example.com',
      brand: dittoId,
      role: 'user',
      password: 'Passw0rd!',
      repeatPassword: 'Passw0rd!',
    };
    const signup = (d: object) =>
      t.app.inject({
        method: 'POST',
        url: '/api/auth/signup',
        headers: admin.auth,
        payload: profileForm(d),
      });
    expectField(await signup(data), 'fullName');
    expectField(await signup({ ...data, fullName: 'New Person', brand: 99999999999 }), 'brand');
  });

  it('integers beyond the column in ids, anchors and brand filters', async () => {
    const big = '99999999999';
    expectField(
      await t.app.inject({ url: `/api/patterns?after=${big}`, headers: owner.auth }),
      'after',
    );
    expectField(
      await t.app.inject({ url: `/api/patterns?before=${big}`, headers: owner.auth }),
      'before',
    );
    expectField(
      await t.app.inject({ url: `/api/patterns?brand=${big}`, headers: admin.auth }),
      'brand',
    );
    expectField(
      await t.app.inject({ url: `/api/patterns?page=${big}`, headers: admin.auth }),
      'page',
    );
    expectField(
      await t.app.inject({ url: `/api/patterns/export.csv?brand=${big}`, headers: admin.auth }),
      'brand',
    );
    expectField(
      await t.app.inject({
        method: 'DELETE',
        url: '/api/patterns',
        headers: owner.auth,
        payload: { ids: [Number(big)] },
      }),
      'ids.0',
    );
    expectField(
      await t.app.inject({
        method: 'POST',
        url: '/api/auth/user-list',
        headers: admin.auth,
        payload: { brandId: Number(big) },
      }),
      'brandId',
    );
    expectField(await put({ ...base(), Brand: Number(big) }), 'Brand');
    const path = await t.app.inject({ url: `/api/patterns/${big}`, headers: owner.auth });
    expect(path.statusCode).toBe(400);
  });

  it('a price that passes the check and overflows after rounding', async () => {
    expectField(await put({ ...base(), Price: 99999999.999 }), 'Price');
    expectField(await put({ ...base(), Price: '1e300' }), 'Price');
    const atMax = await put({ ...base(), Price: PRICE_MAX });
    expect(atMax.statusCode).toBe(200);
    expect(atMax.json().data.Price).toBe(PRICE_MAX);
    expect((await put({ ...base(), Price: 12.345 })).json().data.Price).toBe(12.35);
  });
});
