import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, createUser, dbKind, type TestApp, type TestUser } from '../../test/helper';
import { PATTERN_LIST_PATHS, type PatternListRow } from '../../../shared/contracts/pattern-list';
import { seedPattern } from '../patterns/detail.fixtures';

/**
 * My Patterns' storefront badge (issue 30): each row of an admin's list carries its storefront
 * outcome from storefront_status (what the delivery writes; delivery.test.ts drives real imports
 * against the Salesforce stand-in), by the rule of the pattern screen's summary.
 */
describe(`My Patterns: the storefront badge (${dbKind})`, () => {
  let t: TestApp;
  let admin: TestUser;
  let partner: TestUser;
  beforeAll(async () => {
    t = await createTestApp();
    admin = await createUser(t, { role: 'admin', brand: null });
    partner = await createUser(t, { brand: 'kwik-sew' });
  });
  afterAll(() => t.close());

  const status = (
    id: number,
    target: 'staging' | 'production',
    state: 'pending' | 'ok' | 'error',
    mode: 'upsert' | 'offline' = 'upsert',
  ) =>
    t.deps.database.db.execute(sql`
      INSERT INTO storefront_status (pattern_id, target, state, mode, since, live_since, message)
      VALUES (${id}, ${target}, ${state}, ${mode}, CASE WHEN ${state} = 'ok' THEN now() END,
        CASE WHEN ${state} = 'ok' AND ${mode} = 'upsert' THEN now() END,
        CASE WHEN ${state} = 'error' THEN 'Line 3: invalid' END)`);

  const list = async (user: TestUser): Promise<PatternListRow[]> => {
    const res = await t.app.inject({
      url: `${PATTERN_LIST_PATHS.list}?brand=kwik-sew&pageSize=50`,
      headers: user.auth,
    });
    expect(res.statusCode).toBe(200);
    return res.json().data;
  };

  it('answers each row’s storefront outcome to admins, nothing to partners or for a pattern never sent', async () => {
    const seed = () => seedPattern(t, { brand: 'kwik-sew', status: 'published' });
    const live = await seed();
    const staging = await seed();
    const failed = await seed();
    const pending = await seed();
    const offline = await seed();
    const never = await seed();
    await status(live.id, 'staging', 'ok');
    await status(live.id, 'production', 'ok');
    await status(staging.id, 'staging', 'ok');
    await status(failed.id, 'staging', 'ok');
    await status(failed.id, 'production', 'error');
    await status(pending.id, 'staging', 'ok');
    await status(pending.id, 'production', 'pending');
    await status(offline.id, 'production', 'ok', 'offline');

    const kinds = Object.fromEntries((await list(admin)).map((r) => [r.ID, r.storefront]));
    expect(kinds).toEqual({
      [live.id]: 'live',
      [staging.id]: 'staging',
      [failed.id]: 'failed',
      [pending.id]: 'pending',
      [offline.id]: 'offline',
      [never.id]: undefined,
    });
    for (const row of await list(partner)) expect(row).not.toHaveProperty('storefront');
  });
});
