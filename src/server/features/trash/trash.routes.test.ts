import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { eq, inArray, sql } from 'drizzle-orm';
import {
  brandIdBySlug,
  createTestApp,
  createUser,
  dbKind,
  type TestApp,
  type TestUser,
} from '../../test/helper';
import { patternData, postSubmission, sizePdfParts, submissionForm } from '../../test/submission';
import { patternFiles, patterns, sizes } from '../../db/schema/patterns';
import { seedFile, seedPattern, type SeededPattern } from '../patterns/detail.fixtures';
import { MSG } from '../../../shared/messages';
import { FILE_PATHS } from '../../../shared/contracts/files';
import { SIZE_PATHS } from '../../../shared/contracts/sizes';
import { INTEGRATION_PATHS, type ChangesResponse } from '../../../shared/contracts/integrations';
import {
  TRASH_MSG,
  TRASH_ROUTES,
  type TrashItem,
  type TrashListResponse,
} from '../../../shared/contracts/trash';
import { purgeTrash } from './trash.service';
import { csvSheet, uploadAndCheck, uploadForm, zipOf } from '../imports/imports.fixtures';
import { samplePdf } from '../../test/sample-files';

describe(`the Trash (${dbKind})`, () => {
  let t: TestApp;
  let admin: TestUser;
  let partner: TestUser;
  let other: TestUser;
  beforeAll(async () => {
    // The import's worker is run by hand (imports.fixtures.ts), as in the imports' own tests.
    t = await createTestApp({
      TRASH_RETENTION_DAYS: '7',
      WEBHOOK_ALLOW_PRIVATE: 'true',
      IMPORT_WORKER: 'off',
    });
    admin = await createUser(t, { role: 'admin', brand: null });
    partner = await createUser(t, { brand: 'ditto', fullName: 'Dana Ditto' });
    other = await createUser(t, { brand: 'butterick' });
  });
  afterAll(() => t.close());

  const db = () => t.deps.database.db;
  const get = (user: TestUser, url: string, query: Record<string, string> = {}) =>
    t.app.inject({ url, query, headers: user.auth });
  const del = (user: TestUser, ids: number[]) =>
    t.app.inject({ method: 'DELETE', url: '/api/patterns', headers: user.auth, payload: { ids } });
  const restore = (user: TestUser, payload: unknown) =>
    t.app.inject({
      method: 'POST',
      url: TRASH_ROUTES.restore,
      headers: user.auth,
      payload: payload as object,
    });
  const trash = async (user: TestUser): Promise<TrashListResponse> => {
    const res = await get(user, TRASH_ROUTES.list);
    expect(res.statusCode, res.body).toBe(200);
    return res.json();
  };
  const listed = async (user: TestUser, query: Record<string, string> = {}) => {
    const body = (await get(user, '/api/patterns', { pageSize: '100', ...query })).json();
    return { ids: (body.data as { ID: number }[]).map((r) => r.ID), total: body.totalCountData };
  };
  const keysExist = async (keys: string[]) => Promise.all(keys.map((k) => t.deps.files.exists(k)));
  /** Where a pattern shows: list, search, export, detail, sizes, a file's download, activity. */
  async function visibility(user: TestUser, p: SeededPattern, fileId: number) {
    const list = await listed(user);
    const search = await listed(user, { search: p.code.toLowerCase() });
    const exported = (await get(user, '/api/patterns/export.csv')).body;
    return {
      list: list.ids.includes(p.id),
      search: search.ids.includes(p.id),
      export: exported.includes(p.code),
      detail: (await get(user, `/api/patterns/${p.id}`)).statusCode,
      sizes: (await get(user, SIZE_PATHS.list(p.id))).statusCode,
      file: (await get(user, FILE_PATHS.download(fileId))).statusCode,
      activity: (await get(user, `/api/patterns/${p.id}/activity`)).statusCode,
    };
  }

  it('a deleted pattern goes to the Trash with its sizes and files, leaves every read, and comes back whole', async () => {
    const p = await seedPattern(t, { sizes: 2, name: 'Trashable Culottes' });
    const hero = await seedFile(t, p.id, 'Instruction_PDF');
    const keys = [...p.pdfKeys, hero.key];
    const before = await listed(partner);
    expect(await visibility(partner, p, hero.id)).toEqual({
      list: true,
      search: true,
      export: true,
      detail: 200,
      sizes: 200,
      file: 200,
      activity: 200,
    });

    const res = await del(partner, [p.id]);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ message: MSG.deleted, deleted: [p.id] });

    // Gone from every read, the total follows; rows and stored objects are kept.
    expect(await visibility(partner, p, hero.id)).toEqual({
      list: false,
      search: false,
      export: false,
      detail: 404,
      sizes: 404,
      file: 404,
      activity: 404,
    });
    expect((await listed(partner)).total).toBe(before.total - 1);
    expect((await listed(partner, { search: 'culottes' })).total).toBe(0);
    expect(await db().select().from(sizes).where(eq(sizes.patternId, p.id))).toHaveLength(2);
    expect(
      await db().select().from(patternFiles).where(eq(patternFiles.patternId, p.id)),
    ).toHaveLength(3);
    expect(await keysExist(keys)).toEqual([true, true, true]);
    // Deleting it again: it is not found.
    expect(
      (
        await t.app.inject({
          method: 'DELETE',
          url: `/api/patterns/${p.id}`,
          headers: partner.auth,
        })
      ).statusCode,
    ).toBe(404);

    // The Trash shows it, with who and when, and when it will be purged.
    const item = (await trash(partner)).data.find((r) => r.ID === p.id) as TrashItem;
    expect(item).toMatchObject({
      SFCC_Pattern_ID: p.code,
      Pattern_Name: 'Trashable Culottes',
      brandName: 'Ditto',
      sizes: 2,
      files: 3,
      deletedBy: 'Dana Ditto',
    });
    expect(Date.parse(item.purgeAt) - Date.parse(item.deletedAt)).toBe(7 * 24 * 60 * 60_000);
    expect((await trash(partner)).retentionDays).toBe(7);

    const back = await restore(partner, { ids: [p.id] });
    expect(back.statusCode, back.body).toBe(200);
    expect(back.json()).toEqual({ message: 'Pattern restored', restored: [p.id] });
    expect(await visibility(partner, p, hero.id)).toEqual({
      list: true,
      search: true,
      export: true,
      detail: 200,
      sizes: 200,
      file: 200,
      activity: 200,
    });
    expect((await listed(partner)).total).toBe(before.total);
    expect((await listed(partner, { search: 'culottes' })).ids).toEqual([p.id]);
    expect((await trash(partner)).data.map((r) => r.ID)).not.toContain(p.id);

    // The activity records both.
    const activity = (await get(partner, `/api/patterns/${p.id}/activity`)).json();
    const texts = (activity.data as { text: string }[]).map((e) => e.text);
    expect(texts.slice(0, 2)).toEqual([
      'Dana Ditto (Ditto) restored the pattern from the Trash',
      'Dana Ditto (Ditto) deleted the pattern',
    ]);
  });

  it("is scoped by brand: another brand's Trash neither shows nor restores it (404); admins see every brand's", async () => {
    const mine = await seedPattern(t);
    const theirs = await seedPattern(t, { brand: 'butterick' });
    expect((await del(partner, [mine.id])).statusCode).toBe(200);
    expect((await del(other, [theirs.id])).statusCode).toBe(200);

    const partnerSees = (await trash(partner)).data.map((r) => r.ID);
    expect(partnerSees).toContain(mine.id);
    expect(partnerSees).not.toContain(theirs.id);
    const adminSees = (await trash(admin)).data.map((r) => r.ID);
    expect(adminSees).toEqual(expect.arrayContaining([mine.id, theirs.id]));

    const refused = await restore(other, { ids: [mine.id] });
    expect(refused.statusCode).toBe(404);
    expect(refused.json()).toMatchObject({ message: TRASH_MSG.notInTrash, code: 'NOT_FOUND' });
    const bulk = await restore(partner, { ids: [mine.id, theirs.id, 77_777_777] });
    expect(bulk.statusCode).toBe(404);
    expect(bulk.json().message).toBe(TRASH_MSG.notInTrashMany([theirs.id, 77_777_777]));
    expect((await get(partner, `/api/patterns/${mine.id}`)).statusCode).toBe(404); // nothing restored

    // A live pattern is not in the Trash either.
    const alive = await seedPattern(t);
    expect((await restore(partner, { ids: [alive.id] })).statusCode).toBe(404);

    const byAdmin = await restore(admin, { ids: [mine.id, theirs.id] });
    expect(byAdmin.statusCode, byAdmin.body).toBe(200);
    expect(byAdmin.json()).toEqual({
      message: '2 patterns restored',
      restored: [mine.id, theirs.id],
    });
    expect((await get(other, `/api/patterns/${theirs.id}`)).statusCode).toBe(200);
  });

  it('a published pattern (deleted by an admin) is restored by an admin only', async () => {
    const pub = await seedPattern(t, { status: 'published' });
    expect((await del(admin, [pub.id])).statusCode).toBe(200);
    const res = await restore(partner, { ids: [pub.id] });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ message: TRASH_MSG.publishedOne, code: 'CONFLICT' });
    expect((await restore(admin, { ids: [pub.id] })).statusCode).toBe(200);
    expect((await get(partner, `/api/patterns/${pub.id}`)).statusCode).toBe(200);
    const [row] = await db().select().from(patterns).where(eq(patterns.ID, pub.id));
    expect(row).toMatchObject({ SFCC_Status: 'published', deletedAt: null, deletedBy: null });
  });

  it('keeps the Pattern ID while in the Trash: creating it again answers 409 naming the Trash, so restoring never clashes', async () => {
    const ditto = await brandIdBySlug(t, 'ditto');
    const code = `TRASH-${dbKind}-ID`;
    const created = await postSubmission(
      t,
      partner,
      submissionForm(patternData(ditto, code), sizePdfParts(1)),
    );
    expect(created.statusCode, created.body).toBe(201);
    const [row] = await db()
      .select({ id: patterns.ID })
      .from(patterns)
      .where(eq(patterns.SFCC_Pattern_ID, code));
    if (!row) throw new Error('expected row');
    expect((await del(partner, [row.id])).statusCode).toBe(200);

    const again = await postSubmission(
      t,
      partner,
      submissionForm(patternData(ditto, code), sizePdfParts(1)),
    );
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({
      message: TRASH_MSG.idInTrash(code),
      fields: { SFCC_Pattern_ID: TRASH_MSG.idInTrash(code) },
    });
    // Another brand learns only that the ID is taken.
    const butterick = await brandIdBySlug(t, 'butterick');
    const theirs = await postSubmission(
      t,
      other,
      submissionForm(patternData(butterick, code), sizePdfParts(1)),
    );
    expect(theirs.statusCode).toBe(409);
    expect(theirs.json().message).toBe(MSG.patternIdTaken);

    expect((await restore(partner, { ids: [row.id] })).statusCode).toBe(200);
  });

  it("an import naming a trashed pattern's ID, in either mode, refuses that pattern naming the Trash", async () => {
    const p = await seedPattern(t);
    expect((await del(partner, [p.id])).statusCode).toBe(200);
    const sheet = csvSheet([
      {
        'Pattern ID': p.code,
        'Pattern Name': 'Again',
        'Pattern View': 'A',
        Size: 'S',
        'Pattern PDF': 'again.pdf',
      },
    ]);
    const zip = await zipOf([{ name: 'again.pdf', data: samplePdf() }]);
    for (const mode of ['skip', 'update'] as const) {
      const job = await uploadAndCheck(t, partner, uploadForm(sheet, { zip, mode }));
      expect(job).toMatchObject({ status: 'checked', valid: 0 });
      expect(job.issues.map((i) => i.message)).toContain(TRASH_MSG.idInTrash(p.code));
    }
    expect(await restore(partner, { ids: [p.id] })).toMatchObject({ statusCode: 200 });
  });

  it('the changes feed and webhooks report the delete and the restore', async () => {
    const hook = await t.app.inject({
      method: 'POST',
      url: INTEGRATION_PATHS.endpoints,
      headers: admin.auth,
      payload: { url: 'http://127.0.0.1:9/hook', events: ['pattern.deleted', 'pattern.restored'] },
    });
    expect(hook.statusCode, hook.body).toBe(201);
    const start = (
      (await get(admin, INTEGRATION_PATHS.changes, { limit: '1000' })).json() as ChangesResponse
    ).next;
    const p = await seedPattern(t);
    expect((await del(partner, [p.id])).statusCode).toBe(200);
    expect((await restore(partner, { ids: [p.id] })).statusCode).toBe(200);

    // The feed reads below pg_snapshot_xmin, which any transaction on the PostgreSQL cluster (a
    // worker's poll) holds back for a moment: read again, as a client does.
    const ours = async () =>
      (
        (await get(partner, INTEGRATION_PATHS.changes, { since: start })).json() as ChangesResponse
      ).data
        .filter((c) => c.patternId === p.id)
        .map((c) => c.change);
    await vi.waitFor(async () => expect(await ours()).toHaveLength(3), {
      timeout: 20_000,
      interval: 100,
    });
    expect(await ours()).toEqual(['created', 'deleted', 'restored']);
    const events = await db().execute<{ type: string }>(
      sql`select type from webhook_events where payload -> 'data' -> 'pattern' ->> 'ID' = ${String(p.id)} order by created_at, id`,
    );
    expect(events.rows.map((e) => e.type)).toEqual(['pattern.deleted', 'pattern.restored']);
  });

  it('the purge deletes what is older than the retention for good, stored objects included, and keeps the rest', async () => {
    const old = await seedPattern(t, { sizes: 2 });
    const recent = await seedPattern(t, { sizes: 1 });
    expect((await del(partner, [old.id, recent.id])).statusCode).toBe(200);
    await db()
      .update(patterns)
      .set({ deletedAt: sql`now() - interval '8 days'` })
      .where(eq(patterns.ID, old.id));
    const feedBefore = (
      (await get(admin, INTEGRATION_PATHS.changes, { limit: '1000' })).json() as ChangesResponse
    ).next;

    expect(await purgeTrash(t.deps)).toBe(1);
    expect(
      await db()
        .select()
        .from(patterns)
        .where(inArray(patterns.ID, [old.id])),
    ).toEqual([]);
    expect(await db().select().from(sizes).where(eq(sizes.patternId, old.id))).toEqual([]);
    expect(await keysExist(old.pdfKeys)).toEqual([false, false]);
    expect(await keysExist(recent.pdfKeys)).toEqual([true]);
    expect((await trash(partner)).data.map((r) => r.ID)).toContain(recent.id);
    expect((await trash(partner)).data.map((r) => r.ID)).not.toContain(old.id);
    // Its deletion was reported when it was trashed: the purge adds nothing to the feed.
    const after = (
      await get(admin, INTEGRATION_PATHS.changes, { since: feedBefore })
    ).json() as ChangesResponse;
    expect(after.data.filter((c) => c.patternId === old.id)).toEqual([]);
    // The daily job is scheduled.
    expect(t.app.background.find((j) => j.name === 'trash purge')).toMatchObject({
      everyMs: 24 * 60 * 60_000,
    });
  });

  it.each([
    [{ ids: [] }, 'ids', 'Choose at least one pattern to restore'],
    [{ ids: 'all' }, 'ids', 'ids must be a list of pattern IDs'],
    [{ ids: [1, 0] }, 'ids.1', 'ids must be pattern IDs'],
  ])('answers 400 at the field for a bad restore body %#', async (payload, field, message) => {
    const res = await restore(partner, payload);
    expect(res.statusCode).toBe(400);
    expect(res.json().fields[field]).toBe(message);
  });

  it('needs a signed-in user', async () => {
    expect((await t.app.inject({ url: TRASH_ROUTES.list })).statusCode).toBe(401);
    expect(
      (await t.app.inject({ method: 'POST', url: TRASH_ROUTES.restore, payload: { ids: [1] } }))
        .statusCode,
    ).toBe(401);
  });
});
