import fs from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { createTestApp, createUser, dbKind, type TestApp, type TestUser } from '../../test/helper';
import { patterns } from '../../db/schema/patterns';
import { patternPublishedVersions } from '../../db/schema/published';
import { LIFECYCLE_PATHS } from '../../../shared/contracts/lifecycle';
import type { PublishedPattern } from '../../../shared/contracts/pattern-published';
import { seedFile, seedPattern } from '../patterns/detail.fixtures';
import { publishedVersion } from './index';

/**
 * Migration 0013 fills the published version of patterns published before it: these tests run its
 * fill statements again on patterns published without a record, as they were before it.
 */
const FILL = fs
  .readFileSync(new URL('../../../../drizzle/0013_published_versions.sql', import.meta.url), 'utf8')
  .split('--> statement-breakpoint')
  .map((s) => s.trim())
  .filter((s, i, all) => i >= all.findIndex((x) => x.includes('pg_temp.published_file(f')));

describe(`migration 0013: published versions of patterns published before it (${dbKind})`, () => {
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
  const post = (url: string, user: TestUser) =>
    t.app.inject({ method: 'POST', url, headers: user.auth });
  // File references as 0013 wrote them: `key`, `sha256` and `thumbnails` came with 0021 (tested
  // in files/content-storage.test.ts).
  const ref = ({ key: _k, sha256: _s, thumbnails: _t, ...f }: PublishedPattern['files'][number]) =>
    f;
  const content = (v: PublishedPattern | undefined) => ({
    fields: v?.fields,
    sizes: v?.sizes.map((s) => ({ ...s, files: s.files.map(ref) })),
    files: v?.files.map(ref),
  });
  const forget = (id: number) =>
    db().delete(patternPublishedVersions).where(eq(patternPublishedVersions.patternId, id));
  const runFill = () =>
    db().transaction(async (tx) => {
      for (const s of FILL) await tx.execute(sql.raw(s));
    });

  it('fills from the current data, or from the review snapshot that published a pattern whose edit waits', async () => {
    // Published, nothing waiting: the record is the data as it is.
    const plain = await seedPattern(t, { sizes: 2, name: 'Plain' });
    await seedFile(t, plain.id, 'Main_Hero_Image');
    expect((await post(LIFECYCLE_PATHS.sendToReview(plain.id), owner)).statusCode).toBe(200);
    expect((await post(LIFECYCLE_PATHS.publish(plain.id), admin)).statusCode).toBe(200);
    const plainV = await publishedVersion(db(), plain.id);
    // Publishing stamps one instant: "updated" after "published" would read as an edit since.
    const stamped = (await db().select().from(patterns).where(eq(patterns.ID, plain.id)))[0]!;
    expect(stamped.updatedAt.getTime()).toBe(stamped.publishedAt!.getTime());

    // Published, then edited (an edit waiting): the record is the snapshot the publishing review left.
    const edited = await seedPattern(t, { sizes: 2, name: 'As reviewed' });
    await seedFile(t, edited.id, 'Size_Chart');
    expect((await post(LIFECYCLE_PATHS.sendToReview(edited.id), owner)).statusCode).toBe(200);
    expect((await post(LIFECYCLE_PATHS.publish(edited.id), admin)).statusCode).toBe(200);
    const editedV = await publishedVersion(db(), edited.id);
    await db()
      .update(patterns)
      .set({ Pattern_Name: 'Edited since', Price: '99.00', updatedAt: new Date(Date.now() + 1000) })
      .where(eq(patterns.ID, edited.id));

    // Published with an edit waiting but no review snapshot (seeded as published): the current data.
    const bare = await seedPattern(t, { status: 'published', name: 'No snapshot' });
    await db().update(patterns).set({ editStatus: 'in_review' }).where(eq(patterns.ID, bare.id));

    await forget(plain.id);
    await forget(edited.id);
    await runFill();

    const plainM = await publishedVersion(db(), plain.id);
    expect(plainM).toMatchObject({ version: 1, live: true });
    expect(content(plainM)).toEqual(content(plainV));

    const editedM = await publishedVersion(db(), edited.id);
    expect(editedM!.fields).toMatchObject({ Pattern_Name: 'As reviewed', Price: 12.5 });
    expect(content(editedM)).toEqual(content(editedV));

    const bareM = await publishedVersion(db(), bare.id);
    expect(bareM!.fields).toMatchObject({ Pattern_Name: 'No snapshot', Price: 12.5 });
    expect(bareM!.sizes).toHaveLength(1);
    expect(bareM!.sizes[0]!.files[0]!.id).toBe(bare.pdfFileIds[0]);

    const sources = await db()
      .select({ id: patternPublishedVersions.patternId, source: patternPublishedVersions.source })
      .from(patternPublishedVersions)
      .where(
        sql`${patternPublishedVersions.patternId} in (${sql.join(
          [plain.id, edited.id, bare.id].map((i) => sql`${i}`),
          sql`, `,
        )})`,
      )
      .orderBy(patternPublishedVersions.patternId);
    expect(sources.map((s) => s.source)).toEqual([
      'migration',
      'migration_review_snapshot',
      'migration',
    ]);
  });
});
