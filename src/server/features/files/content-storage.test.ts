import crypto from 'node:crypto';
import fs from 'node:fs';
import { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, inArray, sql } from 'drizzle-orm';
import { createTestApp, createUser, dbKind, type TestApp, type TestUser } from '../../test/helper';
import { runsIn } from '../../test/skip';
import { waitingOnLock } from '../../test/locks';
import { samplePng } from '../../test/sample-files';
import { patternFiles } from '../../db/schema/patterns';
import { objectLeases, publishedFileRefs, storedObjects } from '../../db/schema/files';
import { patternPublishedVersions } from '../../db/schema/published';
import { SIZE_PATHS } from '../../../shared/contracts/sizes';
import { PATTERN_DETAIL_PATHS } from '../../../shared/contracts/pattern-detail';
import { LIFECYCLE_PATHS } from '../../../shared/contracts/lifecycle';
import { PATTERN_PUBLISHED_PATHS } from '../../../shared/contracts/pattern-published';
import {
  multipart,
  pdfPart,
  seedFile,
  seedPattern,
  tinyPdf,
  tinyPng,
  pdfFileIdOf,
  pdfKeyOf,
  sizeIdOf,
} from '../patterns/detail.fixtures';
import { purgeTrash } from '../trash';
import { recordPatternFiles } from './files.service';
import { rehashLegacyObjects, sweepOrphans } from './sweep';
import { contentKey, leaseObject, releaseObjects, sha256Hex } from './objects';

/** Files stored by content (ADR 009): one object per distinct bytes, deleted with its last reference. */
describe(`files stored by content (${dbKind})`, () => {
  let t: TestApp;
  let owner: TestUser;
  let admin: TestUser;
  beforeAll(async () => {
    t = await createTestApp();
    owner = await createUser(t, { brand: 'ditto' });
    admin = await createUser(t, { role: 'admin', brand: null });
  });
  afterAll(() => t.close());

  const db = () => t.deps.database.db;
  const send = async (url: string, parts: Parameters<typeof multipart>[0]) => {
    const body = await multipart(parts);
    return t.app.inject({
      method: 'POST',
      url,
      headers: { ...owner.auth, ...body.headers },
      payload: body.payload,
    });
  };
  const del = (url: string) => t.app.inject({ method: 'DELETE', url, headers: owner.auth });
  const keysOfRows = async (ids: number[]) =>
    (
      await db()
        .select({ key: patternFiles.storageKey })
        .from(patternFiles)
        .where(inArray(patternFiles.id, ids))
    ).map((r) => r.key);
  const read = async (key: string) => {
    const chunks: Buffer[] = [];
    for await (const c of await t.deps.files.get(key)) chunks.push(c as Buffer);
    return Buffer.concat(chunks);
  };

  it('two sizes naming the same PDF are one object; it goes with the last row naming it', async () => {
    const p = await seedPattern(t, { sizes: 1 });
    const same = tinyPdf('Shared by two sizes');
    const ids: number[] = [];
    for (const [size, name] of [
      ['M', 'size-m.pdf'],
      ['L', 'size-l.pdf'],
    ] as const) {
      const res = await send(SIZE_PATHS.list(p.id), {
        data: JSON.stringify({ pattern_view: 'A', Size: size }),
        pattern_pdf_file: { bytes: same, name, type: 'application/pdf' },
      });
      expect(res.statusCode).toBe(201);
      ids.push(res.json().data.ID);
    }
    const rows = await db()
      .select({ key: patternFiles.storageKey })
      .from(patternFiles)
      .where(inArray(patternFiles.sizeId, ids));
    const key = contentKey(sha256Hex(same));
    expect(rows.map((r) => r.key)).toEqual([key, key]);
    expect((await read(key)).equals(same)).toBe(true);
    // The uploads' leases went with their rows.
    expect(await db().select().from(objectLeases).where(eq(objectLeases.key, key))).toEqual([]);

    expect((await del(SIZE_PATHS.one(ids[0]!))).statusCode).toBe(200);
    expect(await t.deps.files.exists(key)).toBe(true);
    expect((await del(SIZE_PATHS.one(ids[1]!))).statusCode).toBe(200);
    expect(await t.deps.files.exists(key)).toBe(false);
    expect(await db().select().from(storedObjects).where(eq(storedObjects.key, key))).toEqual([]);
  });

  it('the same photo uploaded to two patterns is stored once, with one set of thumbnails', async () => {
    const photo = samplePng(33, 21, [120, 30, 200]);
    const a = await seedPattern(t);
    const b = await seedPattern(t);
    const fileIds: number[] = [];
    for (const p of [a, b]) {
      const res = await send(PATTERN_DETAIL_PATHS.files(p.id), {
        Main_Hero_Image: { bytes: photo, name: `hero-${p.id}.png`, type: 'image/png' },
      });
      expect(res.statusCode).toBe(200);
      fileIds.push(res.json().data.files[0].id);
    }
    const [k1, k2] = await keysOfRows(fileIds);
    if (!k1) throw new Error('expected the stored key');
    expect(k1).toBe(k2);
    expect(await t.deps.files.exists(`${k1}.small.webp`)).toBe(true);
    const objects: string[] = [];
    for await (const o of t.deps.files.list(k1)) objects.push(o.key);
    expect(objects.sort()).toEqual([k1, `${k1}.medium.webp`, `${k1}.small.webp`]);

    expect((await del(PATTERN_DETAIL_PATHS.file(a.id, fileIds[0]!))).statusCode).toBe(200);
    expect(await t.deps.files.exists(k1)).toBe(true);
    expect((await del(PATTERN_DETAIL_PATHS.file(b.id, fileIds[1]!))).statusCode).toBe(200);
    expect(await t.deps.files.exists(k1)).toBe(false);
    expect(await t.deps.files.exists(`${k1}.small.webp`)).toBe(false);
  });

  it('the Trash purge keeps an object another pattern still names, and deletes one nothing names', async () => {
    const photo = samplePng(19, 17, [9, 99, 199]);
    const alone = samplePng(17, 19, [199, 99, 9]);
    const a = await seedPattern(t);
    const b = await seedPattern(t);
    const upload = async (id: number, bytes: Buffer, kind: string) => {
      const res = await send(PATTERN_DETAIL_PATHS.files(id), {
        [kind]: { bytes, name: 'p.png', type: 'image/png' },
      });
      expect(res.statusCode).toBe(200);
    };
    await upload(a.id, photo, 'Main_Hero_Image');
    await upload(b.id, photo, 'Main_Hero_Image');
    await upload(a.id, alone, 'Size_Chart');
    const shared = contentKey(sha256Hex(photo));
    const only = contentKey(sha256Hex(alone));
    expect(await t.deps.files.exists(only)).toBe(true);
    expect((await del(`/api/patterns/${a.id}`)).statusCode).toBe(200);
    await db().execute(
      sql`update patterns set deleted_at = now() - interval '400 days' where "ID" = ${a.id}`,
    );
    expect(await purgeTrash(t.deps)).toBeGreaterThanOrEqual(1);
    expect(await t.deps.files.exists(shared)).toBe(true);
    expect(await t.deps.files.exists(only)).toBe(false);
    expect(await t.deps.files.exists(`${only}.small.webp`)).toBe(false);
  });

  it('an upload’s lease keeps its object until the row is recorded; a failed request gives it back', async () => {
    const bytes = tinyPdf('Leased');
    const key = contentKey(sha256Hex(bytes));
    await t.deps.files.put(key, Readable.from([bytes]), 'application/pdf');
    const lease = await leaseObject(db(), key, { sha256: sha256Hex(bytes), byteSize: 10 });
    expect(await releaseObjects(t.deps, [key])).toEqual([]);
    expect(await t.deps.files.exists(key)).toBe(true);
    const p = await seedPattern(t, { sizes: 1 });
    await db().transaction((tx) =>
      recordPatternFiles(tx, p.id, [
        {
          kind: 'Instruction_PDF',
          key,
          lease,
          fileName: 'x.pdf',
          contentType: 'application/pdf',
          byteSize: bytes.length,
        },
      ]),
    );
    expect(await db().select().from(objectLeases).where(eq(objectLeases.id, lease))).toEqual([]);
    expect(await releaseObjects(t.deps, [key])).toEqual([]);
    await db().delete(patternFiles).where(eq(patternFiles.storageKey, key));
    expect(await releaseObjects(t.deps, [key])).toEqual([key]);
    expect(await t.deps.files.exists(key)).toBe(false);
  });

  it('a published version keeps its files after an edit replaces them; publishing the edit releases them', async () => {
    const p = await seedPattern(t, { sizes: 2 });
    const hero = await seedFile(t, p.id, 'Main_Hero_Image');
    const post = (url: string, user: TestUser) =>
      t.app.inject({ method: 'POST', url, headers: user.auth });
    expect((await post(LIFECYCLE_PATHS.sendToReview(p.id), owner)).statusCode).toBe(200);
    expect((await post(LIFECYCLE_PATHS.publish(p.id), admin)).statusCode).toBe(200);

    // The edit: a new hero photo, and a new PDF for the first size.
    const newHero = samplePng(24, 24, [1, 2, 3]);
    const replaced = await send(PATTERN_DETAIL_PATHS.files(p.id), {
      Main_Hero_Image: { bytes: newHero, name: 'new-hero.png', type: 'image/png' },
    });
    expect(replaced.statusCode).toBe(200);
    const sized = await send(SIZE_PATHS.one(sizeIdOf(p)), {
      pattern_pdf_file: pdfPart('replaced.pdf', 'Replaced'),
    });
    expect(sized.statusCode).toBe(200);
    // Their rows are gone; the published version's objects are not.
    expect(await keysOfRows([hero.id, pdfFileIdOf(p)])).toEqual([]);
    expect(await t.deps.files.exists(hero.key)).toBe(true);
    expect(await t.deps.files.exists(pdfKeyOf(p))).toBe(true);

    const v = (
      await t.app.inject({ url: PATTERN_PUBLISHED_PATHS.published(p.id), headers: admin.auth })
    ).json().data;
    expect(v.files.map((f: { id: number }) => f.id)).toEqual([hero.id]);
    const download = (fileId: number, headers = owner.auth) =>
      t.app.inject({ url: PATTERN_PUBLISHED_PATHS.file(p.id, fileId), headers });
    const heroRes = await download(hero.id);
    expect(heroRes.statusCode).toBe(200);
    expect(heroRes.rawPayload.equals(tinyPng())).toBe(true);
    const pdfRes = await download(pdfFileIdOf(p));
    expect(pdfRes.statusCode).toBe(200);
    expect(pdfRes.rawPayload.equals(tinyPdf('Size S'))).toBe(true);
    expect(pdfRes.headers['content-type']).toBe('application/pdf');
    // Another brand, or a file the version does not hold: 404.
    const other = await createUser(t, { brand: 'butterick' });
    expect((await download(hero.id, other.auth)).statusCode).toBe(404);
    expect((await download(replaced.json().data.files[0].id)).statusCode).toBe(404);

    // Publishing the edit: the old objects are named by nothing any more.
    expect((await post(LIFECYCLE_PATHS.sendToReview(p.id), owner)).statusCode).toBe(200);
    expect((await post(LIFECYCLE_PATHS.publish(p.id), admin)).statusCode).toBe(200);
    expect(await t.deps.files.exists(hero.key)).toBe(false);
    expect(await t.deps.files.exists(pdfKeyOf(p))).toBe(false);
    expect(await t.deps.files.exists(pdfKeyOf(p, 1))).toBe(true);
  });

  it('the rehash moves legacy objects to content keys, duplicates becoming one, published versions following', async () => {
    const p = await seedPattern(t, { sizes: 1 });
    // Two legacy objects with the same bytes (tinyPng), as two uploads stored them before 0021.
    const a = await seedFile(t, p.id, 'Main_Hero_Image');
    const b = await seedFile(t, p.id, 'Hero_Images');
    expect(a.key).not.toBe(b.key);
    await t.deps.files.put(`${a.key}.small.webp`, Readable.from([Buffer.from('thumb')]), 'x');
    const post = (url: string, user: TestUser) =>
      t.app.inject({ method: 'POST', url, headers: user.auth });
    expect((await post(LIFECYCLE_PATHS.sendToReview(p.id), owner)).statusCode).toBe(200);
    expect((await post(LIFECYCLE_PATHS.publish(p.id), admin)).statusCode).toBe(200);

    for (let r = await rehashLegacyObjects(t.deps, { limit: 50 }); r.left;)
      r = await rehashLegacyObjects(t.deps, { limit: 50 });

    const key = contentKey(sha256Hex(tinyPng()));
    expect(await keysOfRows([a.id, b.id])).toEqual([key, key]);
    expect(await t.deps.files.exists(a.key)).toBe(false);
    expect(await t.deps.files.exists(b.key)).toBe(false);
    expect(await t.deps.files.exists(`${a.key}.small.webp`)).toBe(false);
    expect((await read(key)).equals(tinyPng())).toBe(true);
    expect(await t.deps.files.exists(`${key}.small.webp`)).toBe(true);
    const [v] = await db()
      .select({ data: patternPublishedVersions.data })
      .from(patternPublishedVersions)
      .where(eq(patternPublishedVersions.patternId, p.id));
    expect(v!.data.files.map((f) => f.key)).toEqual([key, key]);
    const refs = await db()
      .select({ key: publishedFileRefs.storageKey })
      .from(publishedFileRefs)
      .where(eq(publishedFileRefs.patternId, p.id));
    expect(refs.map((r) => r.key)).toContain(key);
    expect(refs.map((r) => r.key)).not.toContain(a.key);
    const [row] = await db().select().from(storedObjects).where(eq(storedObjects.key, key));
    expect(row!.sha256).toBe(sha256Hex(tinyPng()));
  });

  it('migration 0021 gives published versions written before it their files’ keys from their rows', async () => {
    const p = await seedPattern(t, { sizes: 1 });
    await seedFile(t, p.id, 'Main_Hero_Image');
    const post = (url: string, user: TestUser) =>
      t.app.inject({ method: 'POST', url, headers: user.auth });
    expect((await post(LIFECYCLE_PATHS.sendToReview(p.id), owner)).statusCode).toBe(200);
    expect((await post(LIFECYCLE_PATHS.publish(p.id), admin)).statusCode).toBe(200);
    const version = async () =>
      (
        await db()
          .select({ data: patternPublishedVersions.data })
          .from(patternPublishedVersions)
          .where(eq(patternPublishedVersions.patternId, p.id))
      )[0]!.data;
    const written = await version();
    // As a version published before 0021 holds it: ids, names, types and sizes only.
    const bare = structuredClone(written);
    for (const f of [...bare.files, ...bare.sizes.flatMap((s) => s.files)]) {
      delete f.key;
      delete f.sha256;
      delete f.thumbnails;
    }
    await db()
      .update(patternPublishedVersions)
      .set({ data: bare })
      .where(eq(patternPublishedVersions.patternId, p.id));
    const backfill = fs
      .readFileSync(
        new URL('../../../../drizzle/0021_content_storage.sql', import.meta.url),
        'utf8',
      )
      .split('--> statement-breakpoint')
      .filter((stmt) => stmt.includes('published_files_with_keys'));
    expect(backfill).toHaveLength(3);
    await db().transaction(async (tx) => {
      for (const stmt of backfill) await tx.execute(sql.raw(stmt));
    });
    expect(await version()).toEqual(written);
    const refs = await db()
      .select({ key: publishedFileRefs.storageKey })
      .from(publishedFileRefs)
      .where(eq(publishedFileRefs.patternId, p.id));
    expect(refs.length).toBe(2);
  });

  it('the sweep removes unreferenced objects and stale uploads, keeping leased ones', async () => {
    const put = (key: string, body: string) =>
      t.deps.files.put(key, Readable.from([Buffer.from(body)]), 'application/octet-stream');
    const sha = (s: string) => crypto.createHash('sha256').update(s).digest('hex');
    const unleased = contentKey(sha('expired lease'));
    const leased = contentKey(sha('live lease'));
    const rowless = contentKey(sha('no row'));
    await put(unleased, 'expired lease');
    await put(leased, 'live lease');
    await put(rowless, 'no row');
    await put('patterns/uploads/2026-01/stale', 'half an upload');
    await leaseObject(db(), unleased, { sha256: sha('expired lease'), byteSize: 13 }, -1000);
    await leaseObject(db(), leased, { sha256: sha('live lease'), byteSize: 10 });
    const r = await sweepOrphans(t.deps, { olderThanMs: -60_000 });
    expect(r.orphans).toBeGreaterThanOrEqual(3);
    expect(await t.deps.files.exists(unleased)).toBe(false);
    expect(await t.deps.files.exists(rowless)).toBe(false);
    expect(await t.deps.files.exists('patterns/uploads/2026-01/stale')).toBe(false);
    expect(await t.deps.files.exists(leased)).toBe(true);
    const left = await db()
      .select({ key: objectLeases.key })
      .from(objectLeases)
      .where(inArray(objectLeases.key, [unleased, leased]));
    expect(left).toEqual([{ key: leased }]);
  });

  /*
   * Two processes at once, on PostgreSQL (PGlite runs one statement at a time): the deleter and an
   * upload of the same content interleaved step by step.
   */
  describe.skipIf(dbKind !== 'postgres')(
    `deleter and uploader interleaved${runsIn('api-postgres', dbKind === 'postgres')}`,
    () => {
      const unreferencedObject = async (text: string) => {
        const bytes = Buffer.from(text);
        const key = contentKey(sha256Hex(bytes));
        await t.deps.files.put(key, Readable.from([bytes]), 'application/octet-stream');
        const lease = await leaseObject(db(), key, { sha256: sha256Hex(bytes), byteSize: 4 });
        await db().delete(objectLeases).where(eq(objectLeases.id, lease));
        return { key, bytes };
      };

      it('an upload waiting on the deleter’s lock finds the object gone and writes it again', async () => {
        const { key } = await unreferencedObject('deleter first');
        let upload: Promise<string> | undefined;
        const gone = await releaseObjects(t.deps, [key], {
          locked: async () => {
            upload = leaseObject(db(), key, { sha256: 'x', byteSize: 4 });
            await waitingOnLock(db(), 'the upload');
          },
        });
        expect(gone).toEqual([key]);
        const lease = await upload!;
        // The upload's decision: the row is new and the object is gone, so it writes.
        expect(await t.deps.files.exists(key)).toBe(false);
        const [row] = await db().select().from(storedObjects).where(eq(storedObjects.key, key));
        expect(row).toBeDefined();
        expect(
          (await db().select().from(objectLeases).where(eq(objectLeases.id, lease))).length,
        ).toBe(1);
        // …and what it wrote stays: the deleter now sees its lease.
        expect(await releaseObjects(t.deps, [key])).toEqual([]);
      });

      it('a deleter waiting on an upload’s lease keeps the object', async () => {
        const { key } = await unreferencedObject('upload first');
        let release: Promise<string[]> | undefined;
        await db().transaction(async (tx) => {
          // The upload's lease, as leaseObject takes it, held open while the deleter starts.
          await tx
            .insert(storedObjects)
            .values({ key, sha256: 'x', byteSize: 4 })
            .onConflictDoUpdate({ target: storedObjects.key, set: { missing: false } });
          release = releaseObjects(t.deps, [key]);
          await waitingOnLock(db(), 'the upload');
          await tx
            .insert(objectLeases)
            .values({ id: crypto.randomUUID(), key, expiresAt: new Date(Date.now() + 60_000) });
        });
        expect(await release!).toEqual([]);
        expect(await t.deps.files.exists(key)).toBe(true);
      });

      it('a deleter running while a row is being recorded keeps the object', async () => {
        const { key, bytes } = await unreferencedObject('recording');
        const lease = await leaseObject(db(), key, { sha256: sha256Hex(bytes), byteSize: 4 });
        const p = await seedPattern(t, { sizes: 1 });
        let during: string[] | undefined;
        await db().transaction(async (tx) => {
          await recordPatternFiles(tx, p.id, [
            {
              kind: 'Instruction_PDF',
              key,
              lease,
              fileName: 'r.pdf',
              contentType: 'application/pdf',
              byteSize: 4,
            },
          ]);
          // Not committed yet: the deleter sees the lease, not the row.
          during = await releaseObjects(t.deps, [key]);
        });
        expect(during).toEqual([]);
        expect(await releaseObjects(t.deps, [key])).toEqual([]);
        expect(await t.deps.files.exists(key)).toBe(true);
      });
    },
  );
});
