import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, createUser, dbKind, type TestApp, type TestUser } from '../../test/helper';
import { LIFECYCLE_PATHS, type Attention } from '../../../shared/contracts/lifecycle';
import { seedPattern } from '../patterns/detail.fixtures';

/**
 * Storefront failures in "Needs your attention" (issue 34, item 1). The rows are what the
 * storefront feature writes when an import ends in ERROR (delivery.test.ts drives a real one
 * against the Salesforce stand-in when SFCC_SCHEMAS is set).
 */
describe(`what waits for a brand: storefront failures (${dbKind})`, () => {
  let t: TestApp;
  let partner: TestUser;
  let other: TestUser;
  let admin: TestUser;
  beforeAll(async () => {
    t = await createTestApp();
    partner = await createUser(t, { brand: 'kwik-sew' });
    other = await createUser(t, { brand: 'butterick' });
    admin = await createUser(t, { role: 'admin', brand: null });
  });
  afterAll(() => t.close());

  const attention = async (user: TestUser): Promise<Attention> =>
    (await t.app.inject({ url: LIFECYCLE_PATHS.attention, headers: user.auth })).json().data;
  const storefront = (
    id: number,
    target: 'staging' | 'production',
    state: 'pending' | 'ok' | 'error',
    message: string | null,
    minutesAgo: number,
  ) =>
    t.deps.database.db.execute(sql`
      INSERT INTO storefront_status (pattern_id, target, state, mode, message, updated_at)
      VALUES (${id}, ${target}, ${state}, 'upsert', ${message}, now() - make_interval(mins => ${minutesAgo}))
      ON CONFLICT (pattern_id, target) DO UPDATE SET state = excluded.state, message = excluded.message,
        updated_at = excluded.updated_at`);

  it('lists the brand’s patterns whose storefront import failed, newest first, each once, with what failed', async () => {
    expect(await attention(partner)).toEqual({
      changesRequested: 0,
      unpublished: 0,
      storefrontFailed: 0,
      patterns: [],
    });
    const both = await seedPattern(t, { brand: 'kwik-sew', status: 'published' });
    const staging = await seedPattern(t, { brand: 'kwik-sew', status: 'in_review' });
    const fine = await seedPattern(t, { brand: 'kwik-sew', status: 'published' });
    const elsewhere = await seedPattern(t, { brand: 'butterick', status: 'published' });
    const trashed = await seedPattern(t, { brand: 'kwik-sew' });
    await storefront(both.id, 'staging', 'error', 'Line 3: attribute pppGender is not defined', 30);
    await storefront(both.id, 'production', 'error', 'Line 12: price book missing', 10);
    await storefront(staging.id, 'staging', 'error', null, 20);
    await storefront(fine.id, 'staging', 'ok', null, 5);
    await storefront(fine.id, 'production', 'pending', null, 5);
    await storefront(elsewhere.id, 'production', 'error', 'Timeout', 1);
    await storefront(trashed.id, 'production', 'error', 'Timeout', 1);
    expect(
      (
        await t.app.inject({
          method: 'DELETE',
          url: `/api/patterns/${trashed.id}`,
          headers: partner.auth,
        })
      ).statusCode,
    ).toBe(200);

    const waiting = await attention(partner);
    expect(waiting).toMatchObject({ changesRequested: 0, unpublished: 0, storefrontFailed: 2 });
    expect(waiting.patterns.map((p) => [p.ID, p.reason, p.detail])).toEqual([
      [both.id, 'storefront_failed', 'Production: Line 12: price book missing'],
      [staging.id, 'storefront_failed', 'Staging: unknown error'],
    ]);
    expect(waiting.patterns[0]).toMatchObject({
      SFCC_Pattern_ID: both.code,
      at: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
    });
    // Another brand's failure is not the partner's; admins see every brand's.
    expect((await attention(other)).storefrontFailed).toBe(1);
    expect((await attention(admin)).storefrontFailed).toBe(3);

    // A later import that succeeds takes it off the list.
    await storefront(staging.id, 'staging', 'ok', null, 0);
    const after = await attention(partner);
    expect(after.storefrontFailed).toBe(1);
    expect(after.patterns.map((p) => p.ID)).toEqual([both.id]);
  });
});
