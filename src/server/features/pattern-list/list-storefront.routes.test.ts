import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, createUser, dbKind, type TestApp, type TestUser } from '../../test/helper';
import { PATTERN_LIST_PATHS, type PatternListRow } from '../../../shared/contracts/pattern-list';
import { seedPattern } from '../patterns/detail.fixtures';
import { statementsOf } from '../../test/statements';

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
    kwikSew = partner.brandId!;
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

  // The brand by its id: a slug is one more statement (its lookup), counted below otherwise.
  let kwikSew: number;
  const list = async (user: TestUser, query = '&pageSize=50'): Promise<PatternListRow[]> => {
    const res = await t.app.inject({
      url: `${PATTERN_LIST_PATHS.list}?brand=${kwikSew}${query}`,
      headers: user.auth,
    });
    expect(res.statusCode, res.body).toBe(200);
    return res.json().data;
  };
  const kindsOf = (rows: PatternListRow[]) =>
    Object.fromEntries(rows.map((r) => [r.ID, r.storefront]));

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

    const want: Record<number, string | undefined> = {
      [live.id]: 'live',
      [staging.id]: 'staging',
      [failed.id]: 'failed',
      [pending.id]: 'pending',
      [offline.id]: 'offline',
      [never.id]: undefined,
    };
    expect(kindsOf(await list(admin))).toEqual(want);
    for (const row of await list(partner)) expect(row).not.toHaveProperty('storefront');

    // Every way a page is read carries the badge: a search's page, the brand sort (rows by IDs),
    // a later page, Next from an anchor row.
    expect(kindsOf(await list(admin, `&search=${failed.code}`))).toEqual({ [failed.id]: 'failed' });
    expect(kindsOf(await list(admin, '&search=pattern'))).toEqual(want);
    expect(kindsOf(await list(admin, '&sort=brand'))).toEqual(want);
    for (const row of await list(partner, '&sort=brand'))
      expect(row).not.toHaveProperty('storefront');
    for (let i = 0; i < 8; i++) want[(await seed()).id] = undefined; // two pages of 10
    const pages = await Promise.all([1, 2].map((p) => list(admin, `&pageSize=10&page=${p}`)));
    expect(kindsOf(pages.flat())).toEqual(want);
    const next = await list(admin, `&pageSize=10&page=2&after=${pages[0]!.at(-1)!.ID}`);
    expect(kindsOf(next)).toEqual(kindsOf(pages[1]!));
  });

  it('reads the badges in the page’s own statement: an admin’s first page is one statement', async () => {
    // A shape not read before: its kept statement is built (and so logged) under statementsOf.
    const sent = await statementsOf(t.deps.database.db, () => list(admin, '&pageSize=25'));
    const page = sent.filter((q) => !/from "sessions"/.test(q)); // a session not cached yet
    expect(page, sent.join('\n')).toHaveLength(1);
    expect(page[0]).toContain('storefront_status');
  });

  it('follows a storefront outcome at once: the next read shows the new badge', async () => {
    const p = await seedPattern(t, { brand: 'kwik-sew', status: 'published' });
    const kind = async () => (await list(admin)).find((r) => r.ID === p.id)?.storefront;
    expect(await kind()).toBeUndefined();
    await status(p.id, 'production', 'pending');
    expect(await kind()).toBe('pending');
    await t.deps.database.db.execute(
      sql`UPDATE storefront_status SET state = 'error' WHERE pattern_id = ${p.id}`,
    );
    expect(await kind()).toBe('failed');
    await t.deps.database.db.execute(sql`DELETE FROM storefront_status WHERE pattern_id = ${p.id}`);
    expect(await kind()).toBeUndefined();
  });
});
