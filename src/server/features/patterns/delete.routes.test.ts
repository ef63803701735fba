import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import crypto from 'node:crypto';
import { Readable } from 'node:stream';
import { and, eq, inArray, isNull } from 'drizzle-orm';
import { dbKind, type TestApp, type TestUser } from '../../test/helper';
import { patternFiles, patterns, sizes } from '../../db/schema/patterns';
import { MSG } from '../../../shared/messages';
import { DELETE_MSG } from '../../../shared/contracts/pattern-list';
import { twoBrandList, type ListSeed } from '../pattern-list/list.fixtures';

describe(`pattern delete (${dbKind})`, () => {
  let t: TestApp;
  let admin: TestUser;
  let partner: TestUser;
  let ditto: ListSeed[];
  let butterick: ListSeed[];

  beforeAll(async () => {
    ({ t, admin, partner, ditto, butterick } = await twoBrandList(['DEL', 24], ['OTH', 8]));
  });
  afterAll(() => t.close());

  const db = () => t.deps.database.db;
  const drafts = (rows: ListSeed[]) => rows.filter((r) => r.SFCC_Status === 'draft');
  const published = (rows: ListSeed[]) => rows.filter((r) => r.SFCC_Status === 'published');
  /** Which of `ids` are live patterns (a deleted one waits in the Trash, features/trash). */
  const exists = async (ids: number[]) =>
    (
      await db()
        .select({ id: patterns.ID })
        .from(patterns)
        .where(and(inArray(patterns.ID, ids), isNull(patterns.deletedAt)))
    )
      .map((r) => r.id)
      .sort();
  const del = (user: TestUser, id: number) =>
    t.app.inject({ method: 'DELETE', url: `/api/patterns/${id}`, headers: user.auth });
  const bulk = (user: TestUser, payload: unknown) =>
    t.app.inject({
      method: 'DELETE',
      url: '/api/patterns',
      headers: user.auth,
      payload: payload as object,
    });
  const total = async (user: TestUser) =>
    (await t.app.inject({ url: '/api/patterns', headers: user.auth })).json()
      .totalCountData as number;

  /** A size, a pattern file and a size PDF for `patternId`, with their objects in the store. */
  async function withFiles(patternId: number): Promise<readonly string[]> {
    const [size] = await db()
      .insert(sizes)
      .values({ patternId, VariationID: `v-${patternId}`, pattern_view: 'A', Size: 'M' })
      .returning();
    if (!size) throw new Error('expected size');
    const keys = [
      `patterns/test/${crypto.randomUUID()}`,
      `patterns/test/${crypto.randomUUID()}`,
    ] as const;
    for (const key of keys)
      await t.deps.files.put(key, Readable.from([Buffer.from('%PDF-1.4 test')]), 'application/pdf');
    await db()
      .insert(patternFiles)
      .values([
        {
          patternId,
          kind: 'Instruction_PDF',
          storageKey: keys[0],
          fileName: 'a.pdf',
          contentType: 'application/pdf',
          byteSize: 13,
        },
        {
          patternId,
          sizeId: size.ID,
          kind: 'pattern_pdf_file',
          storageKey: keys[1],
          fileName: 'b.pdf',
          contentType: 'application/pdf',
          byteSize: 13,
        },
      ]);
    return keys;
  }

  it('deletes one pattern: it moves to the Trash with its sizes, file rows and stored objects', async () => {
    const target = drafts(ditto)[0]!;
    const keys = await withFiles(target.ID);
    const before = await total(partner);
    const res = await del(partner, target.ID);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ message: MSG.deleted, deleted: [target.ID] });
    expect(await exists([target.ID])).toEqual([]);
    // Kept for the Trash until its purge (trash.routes.test.ts restores and purges).
    expect(await db().select().from(sizes).where(eq(sizes.patternId, target.ID))).toHaveLength(1);
    expect(
      await db().select().from(patternFiles).where(eq(patternFiles.patternId, target.ID)),
    ).toHaveLength(2);
    for (const key of keys) expect(await t.deps.files.exists(key)).toBe(true);
    expect(await total(partner)).toBe(before - 1);
  });

  it("answers 404 for another brand's pattern and a missing one, and deletes nothing", async () => {
    const theirs = drafts(butterick)[0]!;
    const keys = await withFiles(theirs.ID);
    const res = await del(partner, theirs.ID);
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ message: 'Pattern not found', code: 'NOT_FOUND' });
    expect(await exists([theirs.ID])).toEqual([theirs.ID]);
    for (const key of keys) expect(await t.deps.files.exists(key)).toBe(true);
    expect((await del(partner, 99_999_999)).statusCode).toBe(404);
  });

  it('refuses a user deleting a published pattern (409); an admin can', async () => {
    const pub = published(ditto)[0]!;
    const res = await del(partner, pub.ID);
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ message: DELETE_MSG.publishedOne, code: 'CONFLICT' });
    expect(await exists([pub.ID])).toEqual([pub.ID]);
    const byAdmin = await del(admin, pub.ID);
    expect(byAdmin.statusCode).toBe(200);
    expect(await exists([pub.ID])).toEqual([]);
  });

  it('bulk deletes a selection (to the Trash, objects kept), and the total follows', async () => {
    const chosen = drafts(ditto)
      .slice(1, 5)
      .map((r) => r.ID);
    const keys = (await Promise.all(chosen.slice(0, 2).map(withFiles))).flat();
    const before = await total(partner);
    const res = await bulk(partner, { ids: [...chosen, chosen[0]] });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().message).toBe(MSG.deleted);
    expect(res.json().deleted.sort()).toEqual([...chosen].sort());
    expect(await exists(chosen)).toEqual([]);
    for (const key of keys) expect(await t.deps.files.exists(key)).toBe(true);
    expect(await total(partner)).toBe(before - 4);
  });

  it("refuses a bulk selection holding another brand's or a missing ID (404), deleting none", async () => {
    const mine = drafts(ditto)
      .slice(5, 7)
      .map((r) => r.ID);
    const theirs = drafts(butterick)[1]!.ID;
    const res = await bulk(partner, { ids: [...mine, theirs, 88_888_888] });
    expect(res.statusCode).toBe(404);
    expect(res.json().message).toBe(DELETE_MSG.notFoundMany([theirs, 88_888_888]));
    expect(await exists([...mine, theirs])).toEqual([...mine, theirs].sort());
  });

  it('refuses a bulk selection holding a published pattern for a user (409), deleting none; an admin deletes across brands', async () => {
    const pub = published(ditto)[1]!;
    const mine = drafts(ditto)[7]!.ID;
    const res = await bulk(partner, { ids: [mine, pub.ID] });
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe(DELETE_MSG.publishedMany([pub.SFCC_Pattern_ID]));
    expect(await exists([mine, pub.ID])).toEqual([mine, pub.ID].sort());
    const other = published(butterick)[0]!.ID;
    const byAdmin = await bulk(admin, { ids: [mine, pub.ID, other] });
    expect(byAdmin.statusCode).toBe(200);
    expect(await exists([mine, pub.ID, other])).toEqual([]);
  });

  it.each([
    [{ ids: [] }, 'ids', 'Choose at least one pattern to delete'],
    [{ ids: 'all' }, 'ids', 'ids must be a list of pattern IDs'],
    [{ ids: [1, -2] }, 'ids.1', 'ids must be pattern IDs'],
    [
      { ids: Array.from({ length: 101 }, (_, i) => i + 1) },
      'ids',
      'At most 100 patterns can be deleted at once',
    ],
  ])('answers 400 at the field for a bad bulk body %#', async (payload, field, message) => {
    const res = await bulk(partner, payload);
    expect(res.statusCode).toBe(400);
    expect(res.json().fields[field]).toBe(message);
  });

  it('needs a signed-in user', async () => {
    expect(
      (await t.app.inject({ method: 'DELETE', url: `/api/patterns/${ditto[10]!.ID}` })).statusCode,
    ).toBe(401);
    expect(
      (
        await t.app.inject({
          method: 'DELETE',
          url: '/api/patterns',
          payload: { ids: [ditto[10]!.ID] },
        })
      ).statusCode,
    ).toBe(401);
  });
});
