import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { createTestApp, createUser, dbKind, type TestApp } from '../../test/helper';
import { withDatabase } from '../../test/global-setup';
import { runsIn, skipReason } from '../../test/skip';
import { bundlePortal, startPortal, type PortalProcess } from '../../test/portal-process';
import { RELEASE_PATHS } from '../../../shared/contracts/releases';
import { seedPatterns } from '../patterns/detail.fixtures';
import { RELEASE_JOB } from './releases.service';

/**
 * Releases fired by real portal processes (the server bundle `npm start` runs) on one PostgreSQL
 * database: a release whose time passed while the portal was down (killed with SIGKILL) fires at
 * the next start-up, once; two processes fire a release once. PostgreSQL only: PGlite is one
 * process's embedded database.
 */
const here = dbKind === 'postgres';
const title = (name: string) =>
  `${name}${process.env.TEST_DATABASE_URL ? runsIn('api-postgres', here) : skipReason('TEST_DATABASE_URL is not set')}`;

describe.skipIf(!here)(title('releases fired by real portal processes'), () => {
  let bundle: Awaited<ReturnType<typeof bundlePortal>>;
  let t: TestApp;
  const procs: PortalProcess[] = [];

  beforeAll(async () => {
    bundle = await bundlePortal();
  });
  afterEach(async () => {
    await Promise.all(procs.splice(0).map((p) => p.stop('SIGKILL')));
    await t?.close();
  });

  const envFor = async () => {
    const { rows } = await t.deps.database.db.execute<{ name: string }>(
      sql`select current_database() as name`,
    );
    return {
      DATABASE_URL: withDatabase(process.env.TEST_DATABASE_URL!, rows[0]!.name),
      DATA_DIR: t.dataDir,
      JOB_POLL_MS: '50',
      IMPORT_WORKER: 'off',
    };
  };
  const start = async (env: Record<string, string>) => {
    const p = await startPortal(bundle.entry, env);
    procs.push(p);
    return p;
  };
  const one = async <T>(q: ReturnType<typeof sql>) =>
    (await t.deps.database.db.execute<{ v: T }>(q)).rows[0]!.v;

  /** A release of `n` patterns in review, scheduled an hour ahead (by the test app, no process running). */
  const schedule = async (n: number) => {
    const admin = await createUser(t, { role: 'admin', brand: null });
    const patterns = await seedPatterns(t, n, { status: 'in_review' });
    const res = await t.app.inject({
      method: 'POST',
      url: RELEASE_PATHS.list,
      headers: admin.auth,
      payload: {
        name: 'Spring 2027',
        publishAt: new Date(Date.now() + 3_600_000).toISOString(),
        patternIds: patterns.map((p) => p.id),
      },
    });
    expect(res.statusCode).toBe(201);
    return { id: res.json().data.id as number, patterns };
  };
  /** Its time comes (the job is due now), as if the hour had passed. */
  const dueNow = () =>
    t.deps.database.db.execute(
      sql`update jobs set run_at = now() - interval '1 second' where kind = ${RELEASE_JOB}`,
    );
  const status = (id: number) =>
    one<string>(sql`select status as v from releases where id = ${id}`);
  /** Each pattern of the release published exactly once (one 'published' activity each). */
  const publishedOnce = async (ids: number[]) => {
    const rows = (
      await t.deps.database.db.execute<{ pattern_id: number; n: string }>(
        sql`select pattern_id, count(*) as n from pattern_activity
            where action = 'published' and pattern_id in ${sql.raw(`(${ids.join(',')})`)}
            group by pattern_id`,
      )
    ).rows;
    expect(rows).toHaveLength(ids.length);
    for (const r of rows) expect(Number(r.n)).toBe(1);
  };

  it(
    'a release whose time passed while the portal was down (killed with SIGKILL) fires at start-up, once',
    { timeout: 180_000 },
    async () => {
      t = await createTestApp({}, { workers: [] });
      const env = await envFor();
      const r = await schedule(3);
      const first = await start(env);
      await first.stop('SIGKILL');
      await dueNow(); // its time passes while no process runs
      expect(await status(r.id)).toBe('scheduled');

      const second = await start(env);
      await expect.poll(() => status(r.id), { timeout: 60_000, interval: 100 }).toBe('published');
      await publishedOnce(r.patterns.map((p) => p.id));
      // The job ends after the release is published (its mails queued): killed before, it would
      // wait out its lease (CI saw it still running 30 s after the third start).
      const jobsLeft = () =>
        one<string>(
          sql`select count(*)::text as v from jobs where kind = ${RELEASE_JOB} and status <> 'done'`,
        );
      await expect.poll(jobsLeft, { timeout: 60_000 }).toBe('0');
      // Restarting again fires nothing more.
      await second.stop('SIGKILL');
      const third = await start(env);
      await expect.poll(jobsLeft, { timeout: 30_000 }).toBe('0');
      await third.stop('SIGTERM');
      await publishedOnce(r.patterns.map((p) => p.id));
    },
  );

  it(
    'a run cut short by SIGKILL is taken over after its lease and carries on; two processes fire it once',
    { timeout: 180_000 },
    async () => {
      t = await createTestApp({}, { workers: [] });
      const env = { ...(await envFor()), JOB_LEASE_MS: '2000' };
      const r = await schedule(6);
      // As a process killed mid-run leaves it: the release publishing, the job running with its
      // lease running out, the first pattern published and recorded.
      await t.deps.database.db.execute(
        sql`update releases set status = 'publishing', started_at = now() where id = ${r.id}`,
      );
      await t.deps.database.db.execute(
        sql`update jobs set status = 'running', attempts = 1, locked_until = now() + interval '1 second'
            where kind = ${RELEASE_JOB}`,
      );
      const firstId = r.patterns[0]!.id;
      const admin = await createUser(t, { role: 'admin', brand: null });
      expect(
        (
          await t.app.inject({
            method: 'POST',
            url: `/api/patterns/${firstId}/publish`,
            headers: admin.auth,
          })
        ).statusCode,
      ).toBe(200);
      await t.deps.database.db.execute(
        sql`update release_patterns set outcome = 'published', message = 'published'
            where release_id = ${r.id} and pattern_id = ${firstId}`,
      );

      await Promise.all([start(env), start(env)]);
      await expect.poll(() => status(r.id), { timeout: 60_000, interval: 100 }).toBe('published');
      await publishedOnce(r.patterns.map((p) => p.id));
      expect(
        await one<string>(
          sql`select count(*)::text as v from release_patterns where release_id = ${r.id} and outcome = 'published'`,
        ),
      ).toBe('6');
    },
  );
});
