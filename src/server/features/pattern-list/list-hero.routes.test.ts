import fs from 'node:fs';
import path from 'node:path';
import { count, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  brandIdBySlug,
  createTestApp,
  createUser,
  dbKind,
  type TestApp,
  type TestUser,
} from '../../test/helper';
import { patternData, postSubmission, submissionForm } from '../../test/submission';
import { makePdf, PAGE } from '../../test/preflight-files';
import {
  multipart,
  patternRow,
  photoCheck,
  pngPart,
  seedFile,
  seedPattern,
} from '../patterns/detail.fixtures';
import { patterns } from '../../db/schema/patterns';
import { fileChecks } from '../../db/schema/preflight';
import { patternChanges } from '../../db/schema/integrations';
import { PATTERN_DETAIL_PATHS } from '../../../shared/contracts/pattern-detail';
import type { PatternFile } from '../../../shared/contracts/files';

/**
 * The list's hero thumbnail is kept on the pattern row (patterns.hero_file_id, migration 0010) by
 * triggers on pattern_files and file_checks: these follow it through every write that can change it.
 */
describe(`the list's hero thumbnail follows the files (${dbKind})`, () => {
  let t: TestApp;
  let owner: TestUser;
  let brandId: number;
  beforeAll(async () => {
    t = await createTestApp();
    owner = await createUser(t, { brand: 'ditto' });
    brandId = await brandIdBySlug(t, 'ditto');
  });
  afterAll(() => t.close());

  const db = () => t.deps.database.db;
  /** The hero as the list answers it, and as the row keeps it. */
  const listHero = async (code: string) => {
    const res = await t.app.inject({
      url: `/api/patterns?search=${encodeURIComponent(code)}`,
      headers: owner.auth,
    });
    expect(res.statusCode).toBe(200);
    const rows = res.json().data as { SFCC_Pattern_ID: string; heroFileId: number | null }[];
    expect(rows.map((r) => r.SFCC_Pattern_ID)).toEqual([code]);
    return rows[0]!.heroFileId;
  };
  const postFiles = async (id: number, parts: Parameters<typeof multipart>[0]) => {
    const body = await multipart(parts);
    const res = await t.app.inject({
      method: 'POST',
      url: PATTERN_DETAIL_PATHS.files(id),
      headers: { ...owner.auth, ...body.headers },
      payload: body.payload,
    });
    expect(res.statusCode).toBe(200);
    return res.json().data.files as PatternFile[];
  };
  const changesOf = async (id: number) =>
    (
      await db().select({ n: count() }).from(patternChanges).where(eq(patternChanges.patternId, id))
    )[0]!.n;

  it('is set by the upload, moves to a replacement, stays with other photos, clears when removed', async () => {
    const code = 'HERO-UP';
    const created = await postSubmission(
      t,
      owner,
      submissionForm(patternData(brandId, code), [
        ['pattern_pdf_file0', await makePdf([PAGE.letter]), 'size-m.pdf', 'application/pdf'],
        ['Main_Hero_Image', pngPart().bytes, 'hero.png', 'image/png'],
      ]),
    );
    expect(created.statusCode).toBe(201);
    const id = created.json().data.ID as number;
    const detail = (await t.app.inject({ url: `/api/patterns/${id}`, headers: owner.auth })).json()
      .data as { files: PatternFile[] };
    const first = detail.files.find((f) => f.kind === 'Main_Hero_Image')!;
    expect(first.check).toMatchObject({ type: 'image', thumbnails: true });
    expect(await listHero(code)).toBe(first.id);
    expect((await patternRow(t, id)).heroFileId).toBe(first.id);

    // A new main hero replaces the old one (one transaction: old row deleted, new row and its check recorded).
    const replaced = await postFiles(id, { Main_Hero_Image: pngPart('new-hero.png') });
    const second = replaced.find((f) => f.kind === 'Main_Hero_Image')!;
    expect(second.id).not.toBe(first.id);
    expect(await listHero(code)).toBe(second.id);

    // Other hero images are not the main one.
    await postFiles(id, { Hero_Images: [pngPart('a.png'), pngPart('b.png')] });
    expect(await listHero(code)).toBe(second.id);

    const removed = await t.app.inject({
      method: 'DELETE',
      url: PATTERN_DETAIL_PATHS.file(id, second.id),
      headers: owner.auth,
    });
    expect(removed.statusCode).toBe(200);
    expect(await listHero(code)).toBeNull();
    expect((await patternRow(t, id)).heroFileId).toBeNull();
  }, 60_000);

  it('follows a check recorded after its file, only with thumbnails, and records no change of its own', async () => {
    const p = await seedPattern(t);
    const older = await seedFile(t, p.id, 'Main_Hero_Image'); // stored before the preflight: no check
    expect(await listHero(p.code)).toBeNull();
    const changes = await changesOf(p.id);

    await db()
      .insert(fileChecks)
      .values({ fileId: older.id, check: photoCheck(true) });
    expect(await listHero(p.code)).toBe(older.id);

    // A newer main hero whose check made no thumbnails does not take its place; once it has them, it does.
    const newer = await seedFile(t, p.id, 'Main_Hero_Image');
    await db()
      .insert(fileChecks)
      .values({ fileId: newer.id, check: photoCheck(false) });
    expect(await listHero(p.code)).toBe(older.id);
    await db()
      .update(fileChecks)
      .set({ check: photoCheck(true) })
      .where(eq(fileChecks.fileId, newer.id));
    expect(await listHero(p.code)).toBe(newer.id);

    // Its check removed: back to the older one.
    await db().delete(fileChecks).where(eq(fileChecks.fileId, newer.id));
    expect(await listHero(p.code)).toBe(older.id);

    // The thumbnail is not news for integrations: the changes feed got no entry from any of this.
    expect(await changesOf(p.id)).toBe(changes);
    // A real edit still is one.
    await db().execute(sql`update patterns set "Pattern_Name" = 'Renamed' where "ID" = ${p.id}`);
    expect(await changesOf(p.id)).toBe(changes + 1);
  });

  it('lets a pattern with a main hero be deleted (to the Trash, then purged)', async () => {
    const p = await seedPattern(t);
    const hero = await seedFile(t, p.id, 'Main_Hero_Image');
    await db()
      .insert(fileChecks)
      .values({ fileId: hero.id, check: photoCheck(true) });
    expect((await patternRow(t, p.id)).heroFileId).toBe(hero.id);
    const del = await t.app.inject({
      method: 'DELETE',
      url: `/api/patterns/${p.id}`,
      headers: owner.auth,
    });
    expect(del.statusCode).toBe(200);
    expect((await patternRow(t, p.id)).deletedAt).not.toBeNull();
    // The purge's delete (features/trash) passes the hero triggers too.
    await db().delete(patterns).where(eq(patterns.ID, p.id));
    await expect(patternRow(t, p.id)).rejects.toThrow('is not in the database');
  });

  it("is filled in for patterns stored before the column (the migration's backfill)", async () => {
    const withHero = await seedPattern(t);
    const hero = await seedFile(t, withHero.id, 'Main_Hero_Image');
    await db()
      .insert(fileChecks)
      .values({ fileId: hero.id, check: photoCheck(true) });
    const without = await seedPattern(t);
    await seedFile(t, without.id, 'Hero_Images');
    await db().execute(
      sql`update patterns set hero_file_id = null where "ID" in (${withHero.id}, ${without.id})`,
    );
    expect((await patternRow(t, withHero.id)).heroFileId).toBeNull();

    const migration = fs.readFileSync(
      path.resolve(__dirname, '../../../../drizzle/0010_hero_file_id.sql'),
      'utf8',
    );
    const backfill = migration.split('--> statement-breakpoint').at(-1)!;
    expect(backfill).toMatch(/^\s*UPDATE patterns p SET hero_file_id/);
    await db().execute(sql.raw(backfill));
    expect((await patternRow(t, withHero.id)).heroFileId).toBe(hero.id);
    expect((await patternRow(t, without.id)).heroFileId).toBeNull();
  });
});
