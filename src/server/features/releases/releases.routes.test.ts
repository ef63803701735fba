import fs from 'node:fs';
import path from 'node:path';
import { and, eq, sql } from 'drizzle-orm';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, createUser, dbKind, type TestApp, type TestUser } from '../../test/helper';
import { jobs } from '../../db/schema/jobs';
import { startJobWorker } from '../../jobs/outbox';
import { BULK_PATHS } from '../../../shared/contracts/bulk';
import { RELEASE_MSG, RELEASE_PATHS } from '../../../shared/contracts/releases';
import { patternRow, seedPattern, seedPatterns } from '../patterns/detail.fixtures';
import { fireRelease, RELEASE_JOB, releaseJobHandler } from './releases.service';
import { localLabel, parsePublishAt } from './time-zone';

describe(`releases (${dbKind})`, () => {
  let t: TestApp;
  let partner: TestUser;
  let admin: TestUser;
  beforeAll(async () => {
    t = await createTestApp({ PUBLISHER_TIME_ZONE: 'Europe/Berlin' });
    partner = await createUser(t, { brand: 'ditto' });
    admin = await createUser(t, { role: 'admin', brand: null });
  });
  afterAll(() => t.close());

  const call = (
    method: 'GET' | 'POST' | 'PATCH' | 'DELETE',
    url: string,
    headers: Record<string, string>,
    payload?: Record<string, unknown>,
  ) => t.app.inject({ method, url, headers, ...(payload === undefined ? {} : { payload }) });
  const inAnHour = () => new Date(Date.now() + 3_600_000).toISOString();
  /** Makes the release's job due now, as if its time had come. */
  const dueNow = async (releaseId: number, publishAt?: string) =>
    t.deps.database.db
      .update(jobs)
      .set({ runAt: sql`now() - interval '1 second'` })
      .where(
        and(
          eq(jobs.kind, RELEASE_JOB),
          sql`${jobs.payload}->>'releaseId' = ${String(releaseId)}`,
          publishAt ? sql`${jobs.payload}->>'publishAt' = ${publishAt}` : undefined,
        ),
      );
  const runReleases = async () => {
    const w = startJobWorker({
      db: t.deps.database.db,
      log: pino({ level: 'silent' }),
      handlers: [releaseJobHandler(t.deps)],
      autoStart: false,
    });
    let n = 0;
    while ((await w.runOnce()) > 0) n++;
    return n;
  };

  it('reads a time on the publisher’s clock, across DST', () => {
    expect(parsePublishAt('2027-01-15T07:00', 'Europe/Berlin')!.toISOString()).toBe(
      '2027-01-15T06:00:00.000Z',
    );
    expect(parsePublishAt('2027-07-15T07:00', 'Europe/Berlin')!.toISOString()).toBe(
      '2027-07-15T05:00:00.000Z',
    );
    expect(parsePublishAt('2027-01-15T07:00Z', 'Europe/Berlin')!.toISOString()).toBe(
      '2027-01-15T07:00:00.000Z',
    );
    expect(parsePublishAt('2027-02-30T07:00', 'UTC')).toBeNull();
    expect(localLabel(new Date('2027-01-15T06:00:00Z'), 'Europe/Berlin')).toBe('15 Jan, 07:00');
  });

  it('is for admins only; bad input is a 400 at its field', async () => {
    const [p] = await seedPatterns(t, 1);
    const body = { name: 'Spring 2027', publishAt: '2027-01-15T07:00', patternIds: [p!.id] };
    expect((await call('POST', RELEASE_PATHS.list, partner.auth, body)).statusCode).toBe(403);
    expect((await call('GET', RELEASE_PATHS.list, partner.auth)).statusCode).toBe(403);

    const bad = async (b: Record<string, unknown>, field: string) => {
      const res = await call('POST', RELEASE_PATHS.list, admin.auth, b);
      expect(res.statusCode).toBe(400);
      expect(Object.keys(res.json().fields ?? {})).toContain(field);
      return res.json();
    };
    await bad({ ...body, name: ' ' }, 'name');
    await bad({ ...body, publishAt: 'soon' }, 'publishAt');
    expect(
      (await bad({ ...body, publishAt: '2020-01-01T07:00' }, 'publishAt')).fields.publishAt,
    ).toBe(RELEASE_MSG.inThePast);
    expect((await bad({ ...body, patternIds: [999_999] }, 'patternIds')).fields.patternIds).toBe(
      RELEASE_MSG.notFound(999_999),
    );

    const made = await call('POST', RELEASE_PATHS.list, admin.auth, body);
    expect(made.statusCode).toBe(201);
    const r = made.json().data;
    expect(r).toMatchObject({
      name: 'Spring 2027',
      publishAt: '2027-01-15T06:00:00.000Z',
      publishAtLocal: '2027-01-15T07:00',
      publishAtLabel: '15 Jan, 07:00',
      timeZone: 'Europe/Berlin',
      status: 'scheduled',
      patternCount: 1,
    });
    // One pattern, one release to come.
    expect((await bad({ ...body, name: 'Other' }, 'patternIds')).fields.patternIds).toBe(
      RELEASE_MSG.inOther(p!.code, 'Spring 2027'),
    );
    // The partner sees it on their pattern; another brand's partner does not see the pattern.
    const mine = await call('GET', RELEASE_PATHS.ofPattern(p!.id), partner.auth);
    expect(mine.json().data).toMatchObject({
      name: 'Spring 2027',
      publishAtLabel: '15 Jan, 07:00',
    });
    const other = await createUser(t, { brand: 'butterick' });
    expect((await call('GET', RELEASE_PATHS.ofPattern(p!.id), other.auth)).statusCode).toBe(404);

    // Rename, move, remove; then cancel; a cancelled release no longer changes.
    const moved = await call('PATCH', RELEASE_PATHS.one(r.id), admin.auth, {
      name: 'Spring 27',
      publishAt: '2027-01-16T08:30',
      removePatternIds: [p!.id],
    });
    expect(moved.statusCode).toBe(200);
    expect(moved.json().data).toMatchObject({
      name: 'Spring 27',
      publishAtLabel: '16 Jan, 08:30',
      patternCount: 0,
    });
    expect(
      (await call('GET', RELEASE_PATHS.ofPattern(p!.id), partner.auth)).json().data,
    ).toBeNull();
    expect((await call('DELETE', RELEASE_PATHS.one(r.id), admin.auth)).json().data.status).toBe(
      'cancelled',
    );
    const again = await call('PATCH', RELEASE_PATHS.one(r.id), admin.auth, { name: 'x' });
    expect(again.statusCode).toBe(409);
    expect((await call('GET', RELEASE_PATHS.one(123_456), admin.auth)).statusCode).toBe(404);
    const list = (await call('GET', RELEASE_PATHS.list, admin.auth)).json().data;
    expect(list.find((x: { id: number }) => x.id === r.id).status).toBe('cancelled');
  });

  it('fires at its time: publishes the ready patterns, lists the others with why, mails the admins, once', async () => {
    const ready = await seedPatterns(t, 2, { status: 'in_review' });
    const edited = await seedPattern(t);
    const draft = await seedPattern(t);
    expect(
      (await call('POST', BULK_PATHS.action('send-to-review'), partner.auth, { ids: [edited.id] }))
        .statusCode,
    ).toBe(200);
    const edit = await call('POST', BULK_PATHS.action('edit'), partner.auth, {
      ids: [edited.id],
      set: { field: 'Price', value: 21 },
    });
    expect(edit.json().done).toBe(1);

    const made = await call('POST', RELEASE_PATHS.list, admin.auth, {
      name: 'Autumn',
      publishAt: inAnHour(),
      patternIds: [...ready.map((p) => p.id), edited.id, draft.id],
    });
    const id = made.json().data.id as number;
    // Not yet due: nothing runs.
    expect(await runReleases()).toBe(0);
    fs.rmSync(path.join(t.dataDir, 'outbox'), { recursive: true, force: true });

    await dueNow(id);
    expect(await runReleases()).toBe(1);
    const r = (await call('GET', RELEASE_PATHS.one(id), admin.auth)).json().data;
    expect(r).toMatchObject({ status: 'published', patternCount: 4, published: 2, notReady: 2 });
    for (const p of ready) expect((await patternRow(t, p.id)).SFCC_Status).toBe('published');
    expect((await patternRow(t, draft.id)).SFCC_Status).toBe('draft');
    const why = new Map(r.patterns.map((p: { id: number; message: string }) => [p.id, p.message]));
    expect(why.get(edited.id)).toMatch(new RegExp(`^${edited.code}: .*edited after`, 'i'));
    expect(why.get(draft.id)).toMatch(new RegExp(`^${draft.code}: `));

    // The admins are mailed the outcome (the test app's mail worker writes DATA_DIR/outbox).
    await expect
      .poll(
        () => {
          const dir = path.join(t.dataDir, 'outbox');
          return fs.existsSync(dir)
            ? fs
                .readdirSync(dir)
                .map((f) => fs.readFileSync(path.join(dir, f), 'utf8'))
                .filter((m) => m.includes('Release Autumn: 2 of 4 patterns published')).length
            : 0;
        },
        { timeout: 30_000 },
      )
      .toBeGreaterThanOrEqual(1);

    // Its job is done: running again fires nothing; a published release no longer changes.
    expect(await runReleases()).toBe(0);
    expect((await call('DELETE', RELEASE_PATHS.one(id), admin.auth)).statusCode).toBe(409);
  });

  it('two runners of one release at once (a lease lost on a loaded machine): every pattern is recorded published', async () => {
    const ready = await seedPatterns(t, 6, { status: 'in_review' });
    const made = await call('POST', RELEASE_PATHS.list, admin.auth, {
      name: 'Twice',
      publishAt: inAnHour(),
      patternIds: ready.map((p) => p.id),
    });
    const r0 = made.json().data as { id: number; publishAt: string };
    const payload = { releaseId: r0.id, publishAt: r0.publishAt };
    // Before: the runner refused because the other had just published a pattern wrote its refusal
    // over that pattern's 'published' (CI: 5 of 6).
    await Promise.all([fireRelease(t.deps, payload), fireRelease(t.deps, payload)]);
    const r = (await call('GET', RELEASE_PATHS.one(r0.id), admin.auth)).json().data;
    expect(r).toMatchObject({ status: 'published', patternCount: 6, published: 6, notReady: 0 });
  });

  it('moved: the old time’s job does nothing; cancelled: nothing fires', async () => {
    const [a, b] = await seedPatterns(t, 2, { status: 'in_review' });
    const one = (
      await call('POST', RELEASE_PATHS.list, admin.auth, {
        name: 'Moved',
        publishAt: inAnHour(),
        patternIds: [a!.id],
      })
    ).json().data;
    await call('PATCH', RELEASE_PATHS.one(one.id), admin.auth, {
      publishAt: new Date(Date.now() + 7_200_000).toISOString(),
    });
    const two = (
      await call('POST', RELEASE_PATHS.list, admin.auth, {
        name: 'Cancelled',
        publishAt: inAnHour(),
        patternIds: [b!.id],
      })
    ).json().data;
    await call('DELETE', RELEASE_PATHS.one(two.id), admin.auth);
    await dueNow(one.id, one.publishAt); // the job of the time it had before the move
    await dueNow(two.id);
    await runReleases();
    expect((await patternRow(t, a!.id)).SFCC_Status).toBe('in_review');
    expect((await patternRow(t, b!.id)).SFCC_Status).toBe('in_review');
    expect((await call('GET', RELEASE_PATHS.one(one.id), admin.auth)).json().data.status).toBe(
      'scheduled',
    );
  });
});
