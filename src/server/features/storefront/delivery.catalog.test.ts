import fs from 'node:fs';
import path from 'node:path';
import { Readable } from 'node:stream';
import sharp from 'sharp';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, createUser, dbKind, type TestApp, type TestUser } from '../../test/helper';
import { createLogger } from '../../lib/logger';
import { startJobWorker, type JobWorker } from '../../jobs/outbox';
import { sfccSchemas } from '../../test/sfcc-schemas';
import { startStandin, type Standin } from '../../test/sfcc-standin';
import { eventually } from '../../test/submission';
import { putObject, seedPattern, sizeIdOf } from '../patterns/detail.fixtures';
import { patternFiles, patterns, sizes } from '../../db/schema/patterns';
import { LIFECYCLE_PATHS } from '../../../shared/contracts/lifecycle';
import { STOREFRONT_PATHS, type PatternStorefront } from '../../../shared/contracts/storefront';
import { TRASH_ROUTES } from '../../../shared/contracts/trash';
import { storefrontDeliveryHandler } from './delivery';
import { clearTokenCache } from './client';
import { sourcePages } from './source';

/** Salesforce's schemas when at hand: the stand-ins then validate every file; the behaviour is checked either way. */
const { dir } = sfccSchemas();

/**
 * Issue 44: what the portal says about each target against what the target holds. The stand-ins
 * keep their catalogs as a MERGE import does (merge by id, delete mode, variants replaced, images
 * merged unless merge-mode="replace", online flags kept unless sent); after each transition the
 * portal's summary and the instance's catalog must agree.
 */
describe(`storefront: the portal's word against the instance's catalog (${dbKind})`, () => {
  let staging: Standin;
  let production: Standin;
  let t: TestApp;
  let worker: JobWorker;
  let owner: TestUser;
  let admin: TestUser;
  beforeAll(async () => {
    clearTokenCache();
    production = await startStandin(dir);
    staging = await startStandin(dir, production);
    t = await createTestApp({
      ...staging.env('STAGING'),
      ...production.env('PRODUCTION'),
      STOREFRONT_BATCH_SECONDS: '0.2',
      STOREFRONT_POLL_MS: '20',
    });
    worker = startJobWorker({
      db: t.deps.database.db,
      log: createLogger('silent'),
      handlers: [
        storefrontDeliveryHandler(t.deps, {
          client: { tries: 2, retryDelayMs: () => 20 },
          backoffMs: () => 150,
        }),
      ],
      pollMs: 30,
      batch: 1,
    });
    owner = await createUser(t, { brand: 'ditto' });
    admin = await createUser(t, { role: 'admin', brand: null });
  });
  afterAll(async () => {
    await worker?.stop();
    await t?.close();
    await staging?.close();
    await production?.close();
  });

  const db = () => t.deps.database.db;
  const post = async (url: string, user: TestUser, payload?: object) => {
    const r = await t.app.inject({
      method: 'POST',
      url,
      headers: user.auth,
      ...(payload ? { payload } : {}),
    });
    expect(r.statusCode, r.body).toBeLessThan(300);
    return r;
  };
  const status = async (id: number): Promise<PatternStorefront> =>
    (
      await t.app.inject({
        url: STOREFRONT_PATHS.pattern.replace(':id', String(id)),
        headers: owner.auth,
      })
    ).json();
  /** Nothing waits for either target and no delivery job is left to run. */
  const settled = async (id: number) => {
    await eventually(async () => {
      const r = await db().execute<{ n: number }>(sql`
        SELECT (SELECT count(*) FROM storefront_pending WHERE pattern_id = ${id})
          + (SELECT count(*) FROM storefront_status WHERE pattern_id = ${id} AND state = 'pending')
          + (SELECT count(*) FROM storefront_runs WHERE status = 'running') AS n`);
      return Number(r.rows[0]!.n) === 0;
    }, 20_000).catch(async (err: Error) => {
      // What still waits, for the failure to say why (a run left running, a job deferred…).
      const rows = async (q: ReturnType<typeof sql>) => (await db().execute(q)).rows;
      const waiting = {
        pending: await rows(sql`SELECT * FROM storefront_pending WHERE pattern_id = ${id}`),
        status: await rows(sql`SELECT * FROM storefront_status WHERE pattern_id = ${id}`),
        running: await rows(sql`SELECT id, target, status, execution_id, message, started_at
          FROM storefront_runs WHERE status = 'running'`),
        targets: await rows(sql`SELECT * FROM storefront_targets`),
        jobs: await rows(sql`SELECT id, dedupe_key, status, attempts, run_at, locked_until, last_error
          FROM jobs WHERE status <> 'done' AND kind = 'storefront.deliver'`),
        now: new Date().toISOString(),
      };
      throw new Error(`${err.message}: ${JSON.stringify(waiting)}`);
    });
    return status(id);
  };
  const target = (s: PatternStorefront, name: 'staging' | 'production') =>
    s.targets.find((x) => x.target === name);
  const variantsOf = (code: string, ...names: string[]) =>
    names.map((n) => `${code}_a_${n}`.toLowerCase());
  const importsOf = (s: Standin, productId: string) =>
    s.imports.filter((i) => i.products.some((p) => p.id === productId));
  /** An edit of the working copy, as the edit form makes it (content changed now). */
  const edit = (id: number, values: Partial<typeof patterns.$inferInsert>) =>
    db()
      .update(patterns)
      .set({ ...values, contentUpdatedAt: new Date() })
      .where(eq(patterns.ID, id));
  const addSize = async (id: number, code: string, size: string) => {
    await db()
      .insert(sizes)
      .values({
        patternId: id,
        pattern_view: 'A',
        Size: size,
        VariationID: `${code}_a_${size}`.toLowerCase(),
        Pattern_Pdf_File_Name: `${size}.pdf`,
      });
    await edit(id, {});
  };
  const publishNew = async (n: number) => {
    const p = await seedPattern(t, { sizes: n, status: 'in_review' });
    await post(LIFECYCLE_PATHS.publish(p.id), admin);
    expect((await settled(p.id)).summary.kind).toBe('live');
    return p;
  };

  it('1. unpublished, deleted, restored: production is never called live, and no empty archive is sent', async () => {
    const p = await publishNew(2);
    expect(production.online(p.code)).toBe(true);
    await post(LIFECYCLE_PATHS.unpublish(p.id), admin, { reason: 'Withdrawn' });
    expect((await settled(p.id)).summary.kind).toBe('offline');
    expect(production.online(p.code)).toBe(false);
    const del = await t.app.inject({
      method: 'DELETE',
      url: `/api/patterns/${p.id}`,
      headers: admin.auth,
    });
    expect(del.statusCode).toBe(200);
    await eventually(() => production.online(p.code) === null && staging.online(p.code) === null);
    const imports = production.imports.length;
    await post(TRASH_ROUTES.restore, admin, { ids: [p.id] });
    const s = await settled(p.id);
    expect(s.summary.kind).not.toBe('live');
    expect(target(s, 'production')?.liveSince).toBeNull();
    expect(production.online(p.code)).toBeNull();
    // Nothing to send: no archive at all, let alone one without products.
    expect(production.imports.slice(imports)).toEqual([]);
    expect(production.imports.every((i) => i.products.length > 0)).toBe(true);
  });

  it('1b. a published pattern deleted and restored is live again, and online on production', async () => {
    const p = await publishNew(1);
    await t.app.inject({ method: 'DELETE', url: `/api/patterns/${p.id}`, headers: admin.auth });
    await eventually(() => production.online(p.code) === null);
    await post(TRASH_ROUTES.restore, admin, { ids: [p.id] });
    await eventually(() => production.online(p.code) === true);
    expect((await settled(p.id)).summary.kind).toBe('live');
  });

  it('2. unpublish and delete name exactly what production holds, never a size added since', async () => {
    const p = await publishNew(2);
    const [s, m] = variantsOf(p.code, 'S', 'M');
    await addSize(p.id, p.code, 'L');
    const [l] = variantsOf(p.code, 'L');
    await post(LIFECYCLE_PATHS.unpublish(p.id), admin, { reason: 'Withdrawn' });
    expect((await settled(p.id)).summary.kind).toBe('offline');
    expect(importsOf(production, p.code).at(-1)!.products).toEqual(
      [p.code, s, m].map((id) => ({ id, mode: 'offline' })),
    );
    expect(production.online(l!)).toBeNull(); // a merge import would have created it
    expect([p.code, s, m].map((id) => production.online(id!))).toEqual([false, false, false]);
    await t.app.inject({ method: 'DELETE', url: `/api/patterns/${p.id}`, headers: admin.auth });
    await eventually(() => importsOf(production, p.code).at(-1)!.products[0]?.mode === 'delete');
    await eventually(() => importsOf(production, p.code).at(-1)!.status === 'finished');
    expect(importsOf(production, p.code).at(-1)!.products).toEqual(
      [p.code, s, m].map((id) => ({ id, mode: 'delete' })),
    );
    expect([p.code, s, m, l].map((id) => production.online(id!))).toEqual([null, null, null, null]);
  });

  it('3. a size dropped by a re-published edit goes offline on production, its price with it', async () => {
    const p = await publishNew(3);
    const [s, m, l] = variantsOf(p.code, 'S', 'M', 'L');
    expect(production.catalog.prices.get(l!)).toBe('12.50');
    await db()
      .delete(sizes)
      .where(eq(sizes.ID, sizeIdOf(p, 2)));
    await edit(p.id, {});
    await post(LIFECYCLE_PATHS.sendToReview(p.id), owner);
    await post(LIFECYCLE_PATHS.publish(p.id), admin);
    await eventually(() => production.catalog.products.get(p.code)?.variants.length === 2);
    expect((await settled(p.id)).summary.kind).toBe('live');
    expect(production.catalog.products.get(p.code)!.variants).toEqual([s, m]);
    expect(production.online(l!)).toBe(false);
    expect(production.catalog.prices.has(l!)).toBe(false);
    expect([s, m].map((id) => production.online(id!))).toEqual([true, true]);
    // The same on staging, which showed the edit.
    expect(staging.online(l!)).toBe(false);
    expect(staging.catalog.prices.has(l!)).toBe(false);
  });

  it('4. request changes: staging goes back to the published version, or offline if there is none', async () => {
    // A first review refused: the never-published pattern leaves staging.
    const first = await seedPattern(t, { sizes: 1 });
    await post(LIFECYCLE_PATHS.sendToReview(first.id), owner);
    await eventually(() => staging.online(first.code) === true);
    expect((await settled(first.id)).summary.kind).toBe('staging');
    await post(LIFECYCLE_PATHS.requestChanges(first.id), admin, { reason: 'Fix the sizes' });
    await eventually(() => staging.online(first.code) === false);
    const s1 = await settled(first.id);
    expect(s1.summary.kind).toBe('offline');
    expect(production.online(first.code)).toBeNull();

    // An edit of a published pattern refused: staging shows the published version again.
    const p = await publishNew(1);
    const name = () => staging.catalog.products.get(p.code)?.name;
    const published = name();
    expect(published).toBe(`Pattern ${p.code}`);
    await edit(p.id, { Pattern_Name: 'Unreviewed edit' });
    await post(LIFECYCLE_PATHS.sendToReview(p.id), owner);
    await eventually(() => name() === 'Unreviewed edit');
    expect(production.catalog.products.get(p.code)?.name).toBe(published);
    await post(LIFECYCLE_PATHS.requestChanges(p.id), admin, { reason: 'Not this name' });
    await eventually(() => name() === published);
    expect(staging.online(p.code)).toBe(true);
    expect((await settled(p.id)).summary.kind).toBe('live');
  });

  it('5. the storefront gets the photo as uploaded, and a removed photo leaves it', async () => {
    const p = await seedPattern(t, { sizes: 1, status: 'in_review' });
    const photo = async (w: number, h: number, kind: 'Main_Hero_Image' | 'Hero_Images') => {
      const bytes = await sharp({
        create: { width: w, height: h, channels: 3, background: '#c33' },
      })
        .jpeg()
        .toBuffer();
      const key = await putObject(t, bytes, 'image/jpeg');
      // The check's small thumbnail (what the `small` view type carries).
      await t.deps.files.put(
        `${key}.small.webp`,
        Readable.from(await sharp(bytes).resize(240).webp().toBuffer()),
        'image/webp',
      );
      const [f] = await db()
        .insert(patternFiles)
        .values({
          patternId: p.id,
          kind,
          storageKey: key,
          fileName: 'photo.jpg',
          contentType: 'image/jpeg',
          byteSize: bytes.length,
        })
        .returning({ id: patternFiles.id });
      await db().execute(
        sql`INSERT INTO file_checks (file_id, "check") VALUES (${f!.id}, '{"thumbnails": true}'::jsonb)`,
      );
      return f!.id;
    };
    await photo(1600, 1200, 'Main_Hero_Image');
    const second = await photo(1200, 1200, 'Hero_Images');
    await post(LIFECYCLE_PATHS.publish(p.id), admin);
    expect((await settled(p.id)).summary.kind).toBe('live');
    const product = production.catalog.products.get(p.code)!;
    const large = product.images.large!;
    expect(large).toHaveLength(1);
    const meta = await sharp(production.catalog.files.get(large[0]!)!).metadata();
    expect([meta.width, meta.height]).toEqual([1600, 1200]);
    expect(product.images.hero).toHaveLength(1);
    expect(product.images.small).toHaveLength(1);

    // The second photo removed, the edit reviewed and published: it leaves the storefront.
    await db().delete(patternFiles).where(eq(patternFiles.id, second));
    await edit(p.id, {});
    await post(LIFECYCLE_PATHS.sendToReview(p.id), owner);
    await post(LIFECYCLE_PATHS.publish(p.id), admin);
    await eventually(() => !production.catalog.products.get(p.code)!.images.hero);
    expect(production.catalog.products.get(p.code)!.images.large).toEqual(large);
  });

  it('6. a failed import shows its log, and its archive is deleted; a target down says it is retried, with the error', async () => {
    const p = await seedPattern(t, { sizes: 1, status: 'in_review' });
    production.failImports.push('Line 12: product attribute pppGender is not defined');
    await post(LIFECYCLE_PATHS.publish(p.id), admin);
    await eventually(async () => (await status(p.id)).summary.kind === 'failed');
    expect((await status(p.id)).summary.text).toBe(
      'Storefront import failed: Line 12: product attribute pppGender is not defined',
    );
    const failed = importsOf(production, p.code).at(-1)!;
    await eventually(() => !production.archivesLeft().includes(failed.fileName));
    expect(production.deletes).toContain(`/Impex/src/instance/${failed.fileName}`);

    // A local archive a killed delivery left is cleared by the next delivery of that target.
    const tmpDir = path.join(t.deps.env.dataDir, 'tmp');
    fs.mkdirSync(tmpDir, { recursive: true });
    const left = path.join(tmpDir, 'ppp_production_20260101000000_abcdef.zip');
    fs.writeFileSync(left, 'left by a killed run');

    // The target down: the pattern says delivery is failing and being retried, with the error.
    production.down = 503;
    await post(STOREFRONT_PATHS.retry.replace(':id', String(p.id)), admin);
    await eventually(
      async () => (await status(p.id)).summary.text?.startsWith('Delivery') ?? false,
    );
    const s = await status(p.id);
    expect(s.summary.kind).toBe('pending');
    expect(s.summary.text).toMatch(
      /^Delivery to the storefront is failing and being retried: .*HTTP 503/,
    );
    expect(fs.existsSync(left)).toBe(false);
    production.down = null;
    await eventually(async () => (await status(p.id)).summary.kind === 'live', 20_000);
  });

  it('the price text is the same on both targets', async () => {
    const p = await seedPattern(t, { sizes: 1 });
    await post(LIFECYCLE_PATHS.sendToReview(p.id), owner);
    await post(LIFECYCLE_PATHS.publish(p.id), admin);
    expect((await settled(p.id)).summary.kind).toBe('live');
    expect(staging.catalog.prices.get(p.code)).toBe('12.50');
    expect(production.catalog.prices.get(p.code)).toBe('12.50');
  });

  it('a published version that is not live is never read as production content (issue 47)', async () => {
    const p = await publishNew(1);
    await post(LIFECYCLE_PATHS.unpublish(p.id), admin, { reason: 'Withdrawn' });
    const pages = [];
    for await (const page of sourcePages(t.deps, { ids: [p.id] }, undefined, 'published'))
      pages.push(...page);
    expect(pages).toEqual([]);
  });
});
