import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, createUser, dbKind, type TestApp, type TestUser } from '../../test/helper';
import { BRAND_NAME_TAKEN } from '../../../shared/contracts/brands';

describe(`brand management (${dbKind})`, () => {
  let t: TestApp;
  let admin: TestUser;
  let user: TestUser;
  beforeAll(async () => {
    t = await createTestApp();
    admin = await createUser(t, { role: 'admin', brand: null });
    user = await createUser(t);
  });
  afterAll(() => t.close());

  const add = (name: unknown, headers = admin.auth) =>
    t.app.inject({ method: 'POST', url: '/api/brands', headers, payload: { name } });
  const rename = (id: number, name: unknown, headers = admin.auth) =>
    t.app.inject({ method: 'PATCH', url: `/api/brands/${id}`, headers, payload: { name } });

  it('lets an admin add a brand with a slugged name', async () => {
    const res = await add('  Sew & Tell Studio ');
    expect(res.statusCode).toBe(201);
    expect(res.json().data).toMatchObject({ name: 'Sew & Tell Studio', slug: 'sew-tell-studio' });
    const list = await t.app.inject({ url: '/api/brands', headers: user.auth });
    expect(list.json().data.map((b: { name: string }) => b.name)).toContain('Sew & Tell Studio');
  });

  it('refuses a name taken in any case, and gives a different name a free slug', async () => {
    const dup = await add('sew & tell STUDIO');
    expect(dup.statusCode).toBe(409);
    expect(dup.json().fields).toEqual({ name: BRAND_NAME_TAKEN });
    const similar = await add('Sew Tell Studio');
    expect(similar.statusCode).toBe(201);
    expect(similar.json().data.slug).toBe('sew-tell-studio-2');
  });

  it('renames a brand, keeping its slug, and refuses a taken name', async () => {
    const created = (await add('Rename Me')).json().data;
    const res = await rename(created.id, 'Renamed Brand');
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toEqual({ id: created.id, name: 'Renamed Brand', slug: 'rename-me' });
    expect((await rename(created.id, 'renamed brand')).statusCode).toBe(200); // its own name, other case
    const taken = await rename(created.id, 'DITTO');
    expect(taken.statusCode).toBe(409);
    expect((await rename(999999, 'Nobody')).statusCode).toBe(404);
  });

  it('validates the name and refuses users and visitors', async () => {
    const empty = await add('   ');
    expect(empty.statusCode).toBe(400);
    expect(empty.json().fields).toEqual({ name: 'Brand name is required' });
    expect((await add('Mine', user.auth)).statusCode).toBe(403);
    expect(
      (await t.app.inject({ method: 'POST', url: '/api/brands', payload: { name: 'x' } }))
        .statusCode,
    ).toBe(401);
    expect((await rename(1, 'x', user.auth)).statusCode).toBe(403);
  });
});
