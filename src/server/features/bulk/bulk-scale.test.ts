import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { createTestApp, createUser, dbKind, type TestApp, type TestUser } from '../../test/helper';
import { statementsOf } from '../../test/statements';
import { BULK_PATHS } from '../../../shared/contracts/bulk';
import { patterns } from '../../db/schema/patterns';
import { jobs } from '../../db/schema/jobs';
import { seedPatterns } from '../patterns/detail.fixtures';

/**
 * A bulk publish and a bulk Edit fields of BULK_SCALE_N patterns (20 here; `npm run bench` runs it
 * with 1,000 and prints the lines below: seconds, statements, storefront archives). Checks what
 * happened, never the time: every pattern published, their storefront change in one archive per
 * batch window the run spans (one deliver job each), every price changed.
 */
const N = Number(process.env.BULK_SCALE_N ?? 20);

describe(`bulk actions at scale (${dbKind})`, () => {
  let t: TestApp;
  let admin: TestUser;
  beforeAll(async () => {
    t = await createTestApp({
      // A production target (never reached: no worker runs here), a batch window longer than the run.
      STOREFRONT_PRODUCTION_URL: 'https://sfcc.example.com',
      STOREFRONT_PRODUCTION_CLIENT_ID: 'bench',
      STOREFRONT_PRODUCTION_CLIENT_SECRET: 'bench',
      STOREFRONT_PRODUCTION_WEBDAV_USER: 'bench',
      STOREFRONT_PRODUCTION_WEBDAV_KEY: 'bench',
      STOREFRONT_PRODUCTION_CATALOG_ID: 'bench',
      STOREFRONT_PRODUCTION_PRICEBOOK_ID: 'bench',
      STOREFRONT_BATCH_SECONDS: '3600',
    });
    admin = await createUser(t, { role: 'admin', brand: null });
  }, 600_000);
  afterAll(() => t.close());

  it(`publishes ${N} patterns in review in one call, and their storefront change goes in one archive per batch window`, async () => {
    const seeded = await seedPatterns(t, N, { status: 'in_review' });
    const ids = seeded.map((p) => p.id);
    const deliverJobs = async () =>
      Number(
        (
          await t.deps.database.db
            .select({ n: sql<number>`count(*)::int` })
            .from(jobs)
            .where(eq(jobs.kind, 'storefront.deliver'))
        )[0]!.n,
      );
    const jobsBefore = await deliverJobs();
    let body: { done: number; failed: number } | undefined;
    const started = performance.now();
    const sent = await statementsOf(
      t.deps.database.db,
      async () => {
        const res = await t.app.inject({
          method: 'POST',
          url: BULK_PATHS.action('publish'),
          headers: admin.auth,
          payload: { ids },
        });
        body = res.json();
      },
      { withoutTransactionControl: true },
    );
    const seconds = (performance.now() - started) / 1000;
    expect(body).toMatchObject({ done: N, failed: 0 });
    const published = await t.deps.database.db
      .select({ n: sql<number>`count(*)::int` })
      .from(patterns)
      .where(and(inArray(patterns.ID, ids), eq(patterns.SFCC_Status, 'published')));
    expect(Number(published[0]?.n)).toBe(N);
    const archives = (await deliverJobs()) - jobsBefore;
    // One archive per batch window: windows are aligned to the clock (queue.ts scheduleDelivery),
    // so a run that crosses a window's end (the hour, here) fills two.
    expect(archives).toBeGreaterThanOrEqual(1);
    expect(archives).toBeLessThanOrEqual(1 + Math.ceil(seconds / 3600));
    console.log(
      `bulk publish (${dbKind}): ${N} patterns in ${seconds.toFixed(2)} s, ${sent.length} statements (${(sent.length / N).toFixed(1)} per pattern), ${archives} storefront archive(s)`,
    );
  }, 600_000);

  it(`changes the price of ${N} patterns in one Edit fields call`, async () => {
    const seeded = await seedPatterns(t, N);
    const ids = seeded.map((p) => p.id);
    const started = performance.now();
    let body: { done: number; failed: number } | undefined;
    const sent = await statementsOf(
      t.deps.database.db,
      async () => {
        const res = await t.app.inject({
          method: 'POST',
          url: BULK_PATHS.action('edit'),
          headers: admin.auth,
          payload: { ids, set: { field: 'Price', value: 24.5 } },
        });
        body = res.json();
      },
      { withoutTransactionControl: true },
    );
    const seconds = (performance.now() - started) / 1000;
    expect(body).toMatchObject({ done: N, failed: 0 });
    const priced = await t.deps.database.db
      .select({ n: sql<number>`count(*)::int` })
      .from(patterns)
      .where(and(inArray(patterns.ID, ids), eq(patterns.Price, '24.50')));
    expect(Number(priced[0]?.n)).toBe(N);
    console.log(
      `bulk edit fields (${dbKind}): ${N} prices in ${seconds.toFixed(2)} s, ${sent.length} statements (${(sent.length / N).toFixed(1)} per pattern)`,
    );
  }, 600_000);
});
