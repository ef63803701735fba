import { Readable } from 'node:stream';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, createUser, dbKind, type TestApp, type TestUser } from '../../test/helper';
import { createLogger } from '../../lib/logger';
import { startJobWorker, type JobWorker } from '../../jobs/outbox';
import { sfccSchemas } from '../../test/sfcc-schemas';
import { startStandin, type Standin } from '../../test/sfcc-standin';
import { eventually } from '../../test/submission';
import { seedFile, seedPattern } from '../patterns/detail.fixtures';
import { LIFECYCLE_PATHS, type Attention } from '../../../shared/contracts/lifecycle';
import { STOREFRONT_PATHS } from '../../../shared/contracts/storefront';
import { storefrontDeliveryHandler } from './delivery';
import { clearTokenCache } from './client';

/** Salesforce's schemas when at hand: the stand-in then validates every file; the behaviour is checked either way. */
const { dir } = sfccSchemas();

/** An app whose staging and production targets are two stand-ins, with a worker running storefront jobs. */
async function setup(staging: Standin, production: Standin, env: Record<string, string> = {}) {
  clearTokenCache();
  const t = await createTestApp({
    ...staging.env('STAGING'),
    ...production.env('PRODUCTION'),
    STOREFRONT_BATCH_SECONDS: '0.3',
    STOREFRONT_POLL_MS: '20',
    ...env,
  });
  const worker = startJobWorker({
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
  return { t, worker };
}

describe(`storefront delivery (${dbKind})`, () => {
  let staging: Standin;
  let production: Standin;
  let t: TestApp;
  let worker: JobWorker;
  let owner: TestUser;
  let admin: TestUser;
  beforeAll(async () => {
    production = await startStandin(dir);
    staging = await startStandin(dir, production);
    ({ t, worker } = await setup(staging, production));
    owner = await createUser(t, { brand: 'ditto' });
    admin = await createUser(t, { role: 'admin', brand: null });
  });
  afterAll(async () => {
    await worker?.stop();
    await t?.close();
    await staging?.close();
    await production?.close();
  });

  const post = (url: string, user: TestUser, payload?: object) =>
    t.app.inject({ method: 'POST', url, headers: user.auth, ...(payload ? { payload } : {}) });
  const status = async (id: number) =>
    (
      await t.app.inject({
        url: STOREFRONT_PATHS.pattern.replace(':id', String(id)),
        headers: owner.auth,
      })
    ).json();
  const importsOf = (s: Standin, productId: string) =>
    s.imports.filter((i) => i.products.some((p) => p.id === productId));

  it('send to review reaches staging, publish reaches production: a valid archive, the import job runs, the pattern shows Live', async () => {
    const p = await seedPattern(t, { sizes: 2 });
    // A hero photo whose check made the thumbnails (the archive carries those, not the original).
    const hero = await seedFile(t, p.id, 'Main_Hero_Image');
    for (const size of ['small', 'medium'])
      await t.deps.files.put(
        `${hero.key}.${size}.webp`,
        Readable.from(Buffer.from('RIFFwebp')),
        'image/webp',
      );
    await t.deps.database.db.execute(
      sql`INSERT INTO file_checks (file_id, "check") VALUES (${hero.id}, '{"thumbnails": true}'::jsonb)`,
    );
    expect((await post(LIFECYCLE_PATHS.sendToReview(p.id), owner)).statusCode).toBe(200);
    await eventually(async () => (await status(p.id)).summary.kind === 'staging');
    expect((await status(p.id)).summary.text).toMatch(
      /^On staging since \d{4}-\d\d-\d\d \d\d:\d\d UTC$/,
    );
    expect(importsOf(production, p.code)).toHaveLength(0);
    const [onStaging] = importsOf(staging, p.code);
    expect(onStaging).toMatchObject({ code: 'OK', status: 'finished' });
    expect(onStaging!.products.map((x) => x.id)).toEqual([
      p.code,
      ...[`${p.code}_a_s`, `${p.code}_a_m`].map((v) => v.toLowerCase()),
    ]);
    const name = onStaging!.fileName.replace(/\.zip$/, '');
    expect(onStaging!.entries).toEqual(
      expect.arrayContaining([
        `${name}/catalogs/ppp-catalog/catalog.xml`,
        `${name}/pricebooks/ppp-usd.xml`,
        expect.stringMatching(
          new RegExp(`^${name}/catalogs/ppp-catalog/static/default/images/.+\\.webp$`),
        ),
      ]),
    );

    expect((await post(LIFECYCLE_PATHS.publish(p.id), admin)).statusCode).toBe(200);
    await eventually(async () => (await status(p.id)).summary.kind === 'live');
    const s = await status(p.id);
    expect(s.summary.text).toMatch(/^Live on production since /);
    expect(s.targets.map((x: { target: string; state: string }) => [x.target, x.state])).toEqual([
      ['production', 'ok'],
      ['staging', 'ok'],
    ]);
    const [onProduction] = importsOf(production, p.code);
    expect(onProduction).toMatchObject({ code: 'OK' });
    // The archive is deleted once its import succeeded; one token served every call.
    await eventually(() =>
      production.deletes.includes(`/Impex/src/instance/${onProduction!.fileName}`),
    );
    expect(production.puts).toContain(`/Impex/src/instance/${onProduction!.fileName}`);
    expect(production.tokenRequests).toBe(1);
    // The outcome is in the activity too.
    const activity = (
      await t.app.inject({ url: `/api/patterns/${p.id}/activity`, headers: owner.auth })
    ).json();
    expect(JSON.stringify(activity)).toContain('Storefront delivered the pattern on production');

    // Delivered again while it stays online (a resync): "Live since" keeps the time it went live,
    // the last import's time moves (issue 30: the live time restarted with every delivery).
    const prodOf = (x: { targets: { target: string; since: string; liveSince: string }[] }) =>
      x.targets.find((y) => y.target === 'production')!;
    const first = prodOf(s);
    expect(first.liveSince).toBe(first.since);
    await new Promise((r) => setTimeout(r, 20));
    expect(
      (await post(STOREFRONT_PATHS.resync.replace(':name', 'production'), admin)).statusCode,
    ).toBe(202);
    await eventually(async () => importsOf(production, p.code).length === 2);
    await eventually(async () => (await status(p.id)).summary.kind === 'live');
    const again = prodOf(await status(p.id));
    expect(again.since > first.since).toBe(true);
    expect(again.liveSince).toBe(first.liveSince);
  });

  it('an edit after publishing does not reach production until it is published', async () => {
    const p = await seedPattern(t, { sizes: 1, status: 'in_review' });
    const before = `Reviewed ${p.code}`;
    await t.deps.database.db.execute(
      sql`UPDATE patterns SET "Pattern_Name" = ${before} WHERE "ID" = ${p.id}`,
    );
    expect((await post(LIFECYCLE_PATHS.publish(p.id), admin)).statusCode).toBe(200);
    await eventually(async () => (await status(p.id)).summary.kind === 'live');
    const lastOnProduction = () => importsOf(production, p.code).at(-1)!.catalogs.join('');
    expect(lastOnProduction()).toContain(before);
    // The working copy changes after publishing; production is sent everything again (a resync).
    await t.deps.database.db.execute(
      sql`UPDATE patterns SET "Pattern_Name" = ${'Unreviewed edit'} WHERE "ID" = ${p.id}`,
    );
    const sent = importsOf(production, p.code).length;
    const resync = await post(STOREFRONT_PATHS.resync.replace(':name', 'production'), admin);
    expect(resync.statusCode).toBe(202);
    await eventually(async () => importsOf(production, p.code).length > sent);
    await eventually(async () => importsOf(production, p.code).at(-1)!.status === 'finished');
    expect(lastOnProduction()).toContain(before);
    expect(lastOnProduction()).not.toContain('Unreviewed edit');
  });

  it('the stand-in down for a while: the delivery is retried and arrives once', async () => {
    const p = await seedPattern(t, { sizes: 1, status: 'in_review' });
    production.down = 503;
    expect((await post(LIFECYCLE_PATHS.publish(p.id), admin)).statusCode).toBe(200);
    await eventually(async () => {
      const r = await t.deps.database.db.execute<{ attempts: number }>(
        sql`SELECT max(attempts) AS attempts FROM jobs WHERE kind = 'storefront.deliver' AND last_error LIKE '%HTTP 503%'`,
      );
      return Number(r.rows[0]?.attempts ?? 0) >= 2;
    });
    production.down = 'reset';
    await new Promise((r) => setTimeout(r, 300));
    production.down = null;
    await eventually(async () => (await status(p.id)).summary.kind === 'live', 20_000);
    expect(importsOf(production, p.code)).toHaveLength(1);
  });

  it('an import ending in ERROR shows its message on the pattern, and Retry delivers it', async () => {
    const p = await seedPattern(t, { sizes: 1, status: 'in_review' });
    production.failImports.push('Line 12: product attribute pppGender is not defined');
    expect((await post(LIFECYCLE_PATHS.publish(p.id), admin)).statusCode).toBe(200);
    await eventually(async () => (await status(p.id)).summary.kind === 'failed');
    expect((await status(p.id)).summary.text).toBe(
      'Storefront import failed: Line 12: product attribute pppGender is not defined',
    );
    // The brand's "Needs your attention" lists it, with what failed, until it is delivered.
    const waiting = async () =>
      (
        (await t.app.inject({ url: LIFECYCLE_PATHS.attention, headers: owner.auth })).json()
          .data as Attention
      ).patterns.filter((a) => a.ID === p.id && a.reason === 'storefront_failed');
    expect((await waiting()).map((a) => a.detail)).toEqual([
      'Production: Line 12: product attribute pppGender is not defined',
    ]);
    const retryUrl = STOREFRONT_PATHS.retry.replace(':id', String(p.id));
    expect((await post(retryUrl, owner)).statusCode).toBe(403);
    const r = await post(retryUrl, admin);
    expect(r.statusCode).toBe(202);
    await eventually(async () => (await status(p.id)).summary.kind === 'live');
    expect(importsOf(production, p.code).map((i) => i.code)).toEqual(['ERROR', 'OK']);
    expect(await waiting()).toEqual([]);
    expect((await post(retryUrl, admin)).statusCode).toBe(409);
  });

  it('unpublish takes the product offline, delete removes it, as Salesforce expects', async () => {
    const p = await seedPattern(t, { sizes: 2, status: 'in_review' });
    await post(LIFECYCLE_PATHS.publish(p.id), admin);
    await eventually(async () => (await status(p.id)).summary.kind === 'live');
    const un = await post(LIFECYCLE_PATHS.unpublish(p.id), admin, { reason: 'Withdrawn' });
    expect(un.statusCode).toBe(200);
    await eventually(async () => (await status(p.id)).summary.kind === 'offline');
    const variants = [`${p.code}_a_s`, `${p.code}_a_m`].map((v) => v.toLowerCase());
    const offline = importsOf(production, p.code).at(-1)!;
    expect(offline.products).toEqual([p.code, ...variants].map((id) => ({ id, mode: 'offline' })));
    const del = await t.app.inject({
      method: 'DELETE',
      url: `/api/patterns/${p.id}`,
      headers: admin.auth,
    });
    expect(del.statusCode).toBe(200);
    await eventually(() =>
      importsOf(production, p.code).some(
        (i) => i.products[0]?.mode === 'delete' && i.code === 'OK',
      ),
    );
    const removed = importsOf(production, p.code).at(-1)!;
    expect(removed.products).toEqual([p.code, ...variants].map((id) => ({ id, mode: 'delete' })));
    await eventually(() =>
      importsOf(staging, p.code).some((i) => i.products[0]?.mode === 'delete'),
    );
  });
});
