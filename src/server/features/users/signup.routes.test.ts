import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import {
  brandIdBySlug,
  createTestApp,
  createUser,
  dbKind,
  type TestApp,
  type TestUser,
} from '../../test/helper';
import { users } from '../../db/schema/users';
import { MSG } from '../../../shared/messages';
import { LIMITS } from '../../../shared/limits';
import { USER_MSG } from '../../../shared/contracts/users';
import { PDF, PNG, profileForm } from './test-helpers';

describe(`signup (${dbKind})`, () => {
  let t: TestApp;
  let admin: TestUser;
  let user: TestUser;
  let ditto: number;
  beforeAll(async () => {
    t = await createTestApp();
    admin = await createUser(t, { role: 'admin', brand: null });
    user = await createUser(t);
    ditto = await brandIdBySlug(t, 'ditto');
  });
  afterAll(() => t.close());

  const valid = (over: Record<string, unknown> = {}) => ({
    fullName: 'Nora New',
    email: `nora-${Math.random().toString(36).slice(2, 8)}@example.com`,
    brand: ditto,
    role: 'user',
    password: 'Brand-new1',
    repeatPassword: 'Brand-new1',
    ...over,
  });
  const signup = (form: FormData, headers: Record<string, string> = admin.auth) =>
    t.app.inject({ method: 'POST', url: '/api/auth/signup', headers, payload: form });
  const userCount = async () =>
    (await t.deps.database.db.select({ n: sql<number>`count(*)::int` }).from(users))[0]!.n;
  const storedPics = () => {
    const dir = path.join(t.dataDir, 'files', 'profile-pics');
    return fs.existsSync(dir)
      ? fs
          .readdirSync(dir, { recursive: true })
          .filter((f) => fs.statSync(path.join(dir, String(f))).isFile())
      : [];
  };

  it('lets an admin create an account that can then sign in', async () => {
    const data = valid({ fullName: '  Nora New ', role: 'admin' });
    const res = await signup(profileForm(data));
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({
      fullName: 'Nora New',
      email: data.email,
      role: 'admin',
      brand: { id: ditto, slug: 'ditto' },
      profilePicUrl: null,
    });
    expect(res.json()).not.toHaveProperty('password');
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: data.email, password: data.password },
    });
    expect(login.statusCode).toBe(200);
  });

  it('refuses users (403) and visitors (401) before reading the form', async () => {
    expect((await signup(profileForm(valid()), user.auth)).statusCode).toBe(403);
    const res = await signup(profileForm(valid()), {});
    expect(res.statusCode).toBe(401);
    expect(res.json().isRedirected).toBe(true);
  });

  it('refuses an e-mail already taken, in any case, at the email field', async () => {
    const first = valid({ email: 'Taken.Person@Example.com' });
    expect((await signup(profileForm(first))).statusCode).toBe(201);
    const res = await signup(profileForm(valid({ email: 'taken.person@EXAMPLE.com' })));
    expect(res.statusCode).toBe(409);
    expect(res.json().fields).toEqual({ email: USER_MSG.emailTaken });
  });

  it.each([
    ['fullName', '   ', MSG.fullNameRequired],
    ['email', '', MSG.emailRequired],
    ['email', 'not-an-email', MSG.emailInvalid],
    ['brand', null, MSG.chooseBrand],
    ['brand', 0, MSG.chooseBrand],
    ['role', null, MSG.chooseRole],
    ['role', 'owner', MSG.chooseRole],
    ['password', '', MSG.passwordRequired],
    ['password', 'Ab1!', MSG.passwordMinSignup],
    ['password', 'Aa1!'.repeat(8), MSG.passwordMax],
    ['password', 'alllower1!', MSG.passwordComplexity],
    ['repeatPassword', '', MSG.repeatPasswordRequired],
    ['repeatPassword', 'Brand-new2', MSG.passwordMismatch],
  ])('answers 400 at the field for %s = %j', async (field, value, message) => {
    const before = await userCount();
    const res = await signup(profileForm(valid({ [field]: value })));
    expect(res.statusCode).toBe(400);
    expect(res.json().fields[field]).toBe(message);
    expect(await userCount()).toBe(before);
  });

  it('reports every invalid field at once', async () => {
    const res = await signup(
      profileForm({
        fullName: '',
        email: 'x',
        brand: null,
        role: null,
        password: 'a',
        repeatPassword: 'b',
      }),
    );
    expect(res.statusCode).toBe(400);
    expect(Object.keys(res.json().fields).sort()).toEqual([
      'brand',
      'email',
      'fullName',
      'password',
      'repeatPassword',
      'role',
    ]);
  });

  it('refuses a brand that does not exist', async () => {
    const res = await signup(profileForm(valid({ brand: 999999 })));
    expect(res.statusCode).toBe(400);
    expect(res.json().fields).toEqual({ brand: MSG.chooseBrand });
  });

  it('answers 400 without the data part or when it is not JSON, and for a JSON body', async () => {
    const noData = new FormData();
    noData.append('other', 'x');
    expect((await signup(noData)).json().message).toBe('The "data" part is missing');
    const bad = new FormData();
    bad.append('data', '{"fullName":');
    expect((await signup(bad)).statusCode).toBe(400);
    const json = await t.app.inject({
      method: 'POST',
      url: '/api/auth/signup',
      headers: admin.auth,
      payload: valid(),
    });
    expect(json.statusCode).toBe(400);
  });

  it('stores a profile picture under a generated key and serves it to the user and admins only', async () => {
    const data = valid();
    const res = await signup(profileForm(data, { bytes: PNG, name: 'My Photo (1).png' }));
    expect(res.statusCode).toBe(201);
    const created = res.json();
    expect(created.profilePicUrl).toBe(`/api/users/${created.id}/profile-pic`);
    const [row] = await t.deps.database.db
      .select({ key: users.profilePicKey })
      .from(users)
      .where(sql`${users.id} = ${created.id}`);
    if (!row) throw new Error('expected row');
    expect(row.key).toMatch(/^profile-pics\//);
    expect(row.key).not.toContain('Photo');
    const pic = await t.app.inject({ url: created.profilePicUrl, headers: admin.auth });
    expect(pic.statusCode).toBe(200);
    expect(pic.headers['content-type']).toBe('image/png');
    expect(Buffer.compare(pic.rawPayload, PNG)).toBe(0);
    expect(
      (await t.app.inject({ url: created.profilePicUrl, headers: user.auth })).statusCode,
    ).toBe(404);
    expect((await t.app.inject({ url: created.profilePicUrl })).statusCode).toBe(401);
    expect(
      (await t.app.inject({ url: `/api/users/${user.id}/profile-pic`, headers: user.auth }))
        .statusCode,
    ).toBe(404); // has none
  });

  it('refuses a PDF renamed to .png with 415 at the picture field, creating nothing', async () => {
    const before = [await userCount(), storedPics().length];
    const res = await signup(profileForm(valid(), { bytes: PDF, name: 'photo.png' }));
    expect(res.statusCode).toBe(415);
    expect(res.json().fields).toEqual({ profile_pic: 'photo.png is not a JPG or PNG image' });
    expect([await userCount(), storedPics().length]).toEqual(before);
  });

  it('refuses a picture over the limit with 413, creating nothing', async () => {
    const before = [await userCount(), storedPics().length];
    const big = Buffer.concat([PNG, Buffer.alloc(LIMITS.profilePicBytes, 1)]);
    const res = await signup(profileForm(valid(), { bytes: big, name: 'big.png' }));
    expect(res.statusCode).toBe(413);
    expect(res.json().fields.profile_pic).toMatch(/big\.png is (larger than 10MB|too large)/);
    expect([await userCount(), storedPics().length]).toEqual(before);
  });

  it('reports a bad picture together with bad fields, and keeps no picture when the e-mail is taken', async () => {
    const both = await signup(profileForm(valid({ fullName: '' }), { bytes: PDF, name: 'x.jpg' }));
    expect(both.statusCode).toBe(400);
    expect(both.json().fields).toEqual({
      fullName: MSG.fullNameRequired,
      profile_pic: 'x.jpg is not a JPG or PNG image',
    });
    const before = storedPics().length;
    const taken = await signup(
      profileForm(valid({ email: 'taken.person@example.com' }), { bytes: PNG, name: 'p.png' }),
    );
    expect(taken.statusCode).toBe(409);
    expect(storedPics().length).toBe(before);
  });
});
