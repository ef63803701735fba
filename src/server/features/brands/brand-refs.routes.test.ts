import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  brandIdBySlug,
  createTestApp,
  createUser,
  dbKind,
  type TestApp,
  type TestUser,
} from '../../test/helper';
import { patternData, postSubmission, sizePdfParts, submissionForm } from '../../test/submission';
import { profileForm } from '../users/test-helpers';
import { MSG } from '../../../shared/messages';
import { CREATE_MSG } from '../../../shared/contracts/pattern-create';

/** Issue 12: a client built from the spec names brands by their option values (slugs); every call that takes a brand accepts its id or its slug. */
describe(`brands by id or slug (${dbKind})`, () => {
  let t: TestApp;
  let admin: TestUser;
  let user: TestUser;
  let mccalls: number;
  beforeAll(async () => {
    t = await createTestApp();
    admin = await createUser(t, { role: 'admin', brand: null });
    user = await createUser(t, { brand: 'mccalls' });
    mccalls = await brandIdBySlug(t, 'mccalls');
  });
  afterAll(() => t.close());

  const add = (who: TestUser, brand: unknown, code: string) =>
    postSubmission(
      t,
      who,
      submissionForm({ ...patternData(mccalls, code), Brand: brand }, sizePdfParts(1)),
    );

  it('adds a pattern with Brand given as a slug, by an admin and by a user of that brand', async () => {
    const byAdmin = await add(admin, 'mccalls', 'SLUG-1');
    expect(byAdmin.statusCode).toBe(201);
    const byUser = await add(user, 'mccalls', 'SLUG-2');
    expect(byUser.statusCode).toBe(201);
    const detail = await t.app.inject({
      method: 'GET',
      url: `/api/patterns/${byUser.json().data.ID}`,
      headers: user.auth,
    });
    expect(detail.json().data).toMatchObject({ Brand: mccalls, brandName: "McCall's" });
    // A slug with spaces and punctuation, as the spec gives it.
    expect((await add(admin, 'Liesl + Co.', 'SLUG-3')).statusCode).toBe(201);
  });

  it("answers an unknown slug at the Brand field, and another brand's slug as before (403 for a user)", async () => {
    const unknown = await add(admin, 'no-such-brand', 'SLUG-4');
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().fields).toMatchObject({ Brand: CREATE_MSG.unknownBrand });
    const other = await add(user, 'ditto', 'SLUG-5');
    expect(other.statusCode).toBe(403);
    expect(other.json().fields).toMatchObject({ Brand: CREATE_MSG.otherBrand });
    const empty = await add(admin, '', 'SLUG-6');
    expect(empty.statusCode).toBe(400);
    expect(empty.json().fields).toMatchObject({ Brand: MSG.chooseBrand });
  });

  it('filters the list and the CSV export by slug; an unknown slug is a 400', async () => {
    const bySlug = await t.app.inject({
      method: 'GET',
      url: '/api/patterns?brand=mccalls',
      headers: admin.auth,
    });
    expect(bySlug.statusCode).toBe(200);
    const byId = await t.app.inject({
      method: 'GET',
      url: `/api/patterns?brand=${mccalls}`,
      headers: admin.auth,
    });
    expect(bySlug.json().totalCountData).toBe(byId.json().totalCountData);
    expect(bySlug.json().data.every((r: { Brand: number }) => r.Brand === mccalls)).toBe(true);
    const unknown = await t.app.inject({
      method: 'GET',
      url: '/api/patterns?brand=nope',
      headers: admin.auth,
    });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().fields).toMatchObject({ brand: 'Unknown brand: nope' });
    const csv = await t.app.inject({
      method: 'GET',
      url: `/api/patterns/export.csv?brand=${encodeURIComponent('kwik-sew')}`,
      headers: admin.auth,
    });
    expect(csv.statusCode).toBe(200);
    expect(csv.body.split('\n').filter(Boolean)).toHaveLength(1); // header only: no Kwik Sew patterns
  });

  it('moves a pattern to a brand named by slug (admin)', async () => {
    const created = await add(admin, mccalls, 'SLUG-7');
    const id = created.json().data.ID;
    const res = await t.app.inject({
      method: 'PUT',
      url: `/api/patterns/${id}`,
      headers: admin.auth,
      payload: { SFCC_Pattern_ID: 'SLUG-7', Pattern_Name: 'Moved', Brand: 'kwik-sew' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({
      Brand: await brandIdBySlug(t, 'kwik-sew'),
      brandName: 'Kwik Sew',
    });
  });

  const signup = (data: Record<string, unknown>) =>
    t.app.inject({
      method: 'POST',
      url: '/api/auth/signup',
      headers: admin.auth,
      payload: profileForm({
        fullName: 'Sam Slug',
        email: `sam-${Math.random().toString(36).slice(2, 8)}@example.com`,
        password: 'Brand-new1',
        repeatPassword: 'Brand-new1',
        ...data,
      }),
    });

  it('creates an account with brand given as a slug', async () => {
    const res = await signup({ role: 'user', brand: 'mccalls' });
    expect(res.statusCode).toBe(201);
    expect(res.json().brand).toMatchObject({ id: mccalls, slug: 'mccalls' });
  });

  it('creates an admin account without a brand, and still asks a user account for one', async () => {
    const adminNoBrand = await signup({ role: 'admin' });
    expect(adminNoBrand.statusCode).toBe(201);
    expect(adminNoBrand.json()).toMatchObject({ role: 'admin', brand: null });
    const adminPlaceholder = await signup({ role: 'admin', brand: '' });
    expect(adminPlaceholder.statusCode).toBe(201);
    for (const brand of [undefined, null, '', 0]) {
      const res = await signup({ role: 'user', brand });
      expect(res.statusCode).toBe(400);
      expect(res.json().fields).toMatchObject({ brand: MSG.chooseBrand });
    }
    const unknown = await signup({ role: 'admin', brand: 'nope' });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().fields).toMatchObject({ brand: MSG.chooseBrand });
  });

  it('filters the users list by brand slug', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/user-list',
      headers: admin.auth,
      payload: { page: 1, pageSize: 100, brandId: 'mccalls' },
    });
    expect(res.statusCode).toBe(200);
    const rows = res.json().data as { brand: { slug: string } | null }[];
    expect(rows.length).toBeGreaterThan(0);
    expect(rows.every((r) => r.brand?.slug === 'mccalls')).toBe(true);
  });

  it('says in the OpenAPI document that a brand is an id or a slug', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(res.statusCode).toBe(200);
    const text = res.body;
    expect(text).toContain("The brand's id, or its slug");
  });
});
