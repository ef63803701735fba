import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  brandIdBySlug,
  createTestApp,
  createUser,
  dbKind,
  type TestApp,
  type TestUser,
} from '../../test/helper';
import { PATTERN_DETAIL_PATHS } from '../../../shared/contracts/pattern-detail';
import { SIZE_PATHS } from '../../../shared/contracts/sizes';
import { IMPORT_PATHS } from '../../../shared/contracts/imports';
import { ERROR_CODES } from '../../../shared/errors';
import { multipart, patternRow, pdfPart, pngPart, seedPattern, sizeIdOf } from './detail.fixtures';
import {
  csvSheet,
  getImport,
  importWorker,
  uploadAndCheck,
  uploadForm,
} from '../imports/imports.fixtures';

/**
 * The version rule (docs/concurrency.md, issue 48 item 1): two people open the same pattern; the
 * first saves; the second's save, based on the older version, is refused with who changed what
 * and when, and nothing of the first is lost. Pattern fields, files, sizes and imports alike.
 */
describe(`stale writes are refused (${dbKind})`, () => {
  let t: TestApp;
  let ana: TestUser;
  let ben: TestUser;
  let dittoId: number;
  beforeAll(async () => {
    t = await createTestApp({ IMPORT_WORKER: 'off' }); // the test drives the import's worker
    ana = await createUser(t, { brand: 'ditto', fullName: 'Ana Partner' });
    ben = await createUser(t, { role: 'admin', brand: null, fullName: 'Ben Admin' });
    dittoId = await brandIdBySlug(t, 'ditto');
  });
  afterAll(() => t.close());

  const get = (url: string, user: TestUser) => t.app.inject({ url, headers: user.auth });
  const fields = (code: string, name: string, price: number) => ({
    SFCC_Pattern_ID: code,
    Pattern_Name: name,
    Brand: dittoId,
    Type: 'Women Patterns',
    Price: price,
  });
  const put = (id: number, user: TestUser, body: object, ifMatch?: string) =>
    t.app.inject({
      method: 'PUT',
      url: PATTERN_DETAIL_PATHS.detail(id),
      headers: { ...user.auth, ...(ifMatch === undefined ? {} : { 'if-match': ifMatch }) },
      payload: body,
    });

  it('a pattern: the second tab’s save is 412 naming who changed what and when; the first’s name stays', async () => {
    const p = await seedPattern(t);
    // Both tabs open the pattern: the same ETag, also in the body as `version`.
    const a = await get(PATTERN_DETAIL_PATHS.detail(p.id), ana);
    const b = await get(PATTERN_DETAIL_PATHS.detail(p.id), ben);
    const etag = a.headers.etag as string;
    expect(etag).toBe(`"${a.json().data.version}"`);
    expect(b.headers.etag).toBe(etag);

    const first = await put(p.id, ana, fields(p.code, 'Renamed by Ana', 12.5), etag);
    expect(first.statusCode).toBe(200);
    expect(first.headers.etag).not.toBe(etag);
    expect(first.json().data.version).toBe(a.json().data.version + 1);

    const second = await put(p.id, ben, fields(p.code, `Pattern ${p.code}`, 14.99), etag);
    expect(second.statusCode).toBe(412);
    const body = second.json();
    expect(body.code).toBe(ERROR_CODES.stale);
    expect(body.conflict).toMatchObject({
      version: first.json().data.version,
      changedBy: 'Ana Partner (Ditto)',
    });
    expect(body.conflict.change).toContain('Pattern Name');
    expect(Date.parse(body.conflict.changedAt)).toBeGreaterThan(Date.now() - 60_000);
    expect(body.message).toMatch(
      /^This pattern was changed by Ana Partner \(Ditto\) on \d{4}-\d\d-\d\d \d\d:\d\d UTC after you opened it\./,
    );
    // Nothing of the stale write was saved, and the activity records no change by Ben.
    expect(await patternRow(t, p.id)).toMatchObject({
      Pattern_Name: 'Renamed by Ana',
      Price: '12.50',
    });

    // Reloaded (the newer ETag), Ben's change goes through.
    const fresh = await put(
      p.id,
      ben,
      fields(p.code, 'Renamed by Ana', 14.99),
      first.headers.etag as string,
    );
    expect(fresh.statusCode).toBe(200);
    expect(fresh.json().data).toMatchObject({ Pattern_Name: 'Renamed by Ana', Price: 14.99 });
  });

  it('If-Match is the caller’s choice (absent or *: applied); one that is no ETag of ours is 400 at the header', async () => {
    const p = await seedPattern(t);
    expect((await put(p.id, ana, fields(p.code, 'No header', 1))).statusCode).toBe(200);
    expect((await put(p.id, ana, fields(p.code, 'Any', 1), '*')).statusCode).toBe(200);
    const bad = await put(p.id, ana, fields(p.code, 'Bad', 1), 'yesterday');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().fields).toHaveProperty('If-Match');
    expect((await put(p.id, ana, fields(p.code, 'Weak', 1), 'W/"999"')).statusCode).toBe(412);
  });

  it('a status action is not an edit: a pattern sent back meanwhile still takes the partner’s save', async () => {
    const p = await seedPattern(t, { status: 'in_review' });
    const etag = (await get(PATTERN_DETAIL_PATHS.detail(p.id), ana)).headers.etag as string;
    const sentBack = await t.app.inject({
      method: 'POST',
      url: `/api/patterns/${p.id}/request-changes`,
      headers: ben.auth,
      payload: { reason: 'Fix the price' },
    });
    expect(sentBack.statusCode).toBeLessThan(300);
    expect((await put(p.id, ana, fields(p.code, 'Fixed', 9), etag)).statusCode).toBe(200);
  });

  it('a pattern’s files: a replace or removal based on an older version is 412 and stores nothing', async () => {
    const p = await seedPattern(t);
    const etag = (await get(PATTERN_DETAIL_PATHS.detail(p.id), ana)).headers.etag as string;
    expect((await put(p.id, ben, fields(p.code, 'Changed', 3), etag)).statusCode).toBe(200);
    const body = await multipart({ Main_Hero_Image: pngPart() });
    const res = await t.app.inject({
      method: 'POST',
      url: PATTERN_DETAIL_PATHS.files(p.id),
      headers: { ...ana.auth, ...body.headers, 'if-match': etag },
      payload: body.payload,
    });
    expect(res.statusCode).toBe(412);
    expect(res.json().conflict.changedBy).toMatch(/^Ben Admin/);
    const detail = await get(PATTERN_DETAIL_PATHS.detail(p.id), ana);
    expect(detail.json().data.files).toEqual([]);
  });

  it('a size: the second save (fields or PDF) based on an older version is 412; another size is not affected', async () => {
    const p = await seedPattern(t, { sizes: 2 });
    const s = await get(SIZE_PATHS.one(sizeIdOf(p)), ana);
    const etag = s.headers.etag as string;
    expect(etag).toBe(`"${s.json().data.version}"`);
    const other = (await get(SIZE_PATHS.one(sizeIdOf(p, 1)), ana)).headers.etag as string;
    const send = async (
      sizeId: number,
      user: TestUser,
      parts: Parameters<typeof multipart>[0],
      ifMatch: string,
    ) => {
      const body = await multipart(parts);
      return t.app.inject({
        method: 'POST',
        url: SIZE_PATHS.one(sizeId),
        headers: { ...user.auth, ...body.headers, 'if-match': ifMatch },
        payload: body.payload,
      });
    };
    const data = (design: string) =>
      JSON.stringify({ pattern_view: 'A', Size: 'S', Design_id: design });
    const first = await send(sizeIdOf(p), ana, { data: data('D-1') }, etag);
    expect(first.statusCode).toBe(200);
    const stale = await send(sizeIdOf(p), ben, { data: data('D-2') }, etag);
    expect(stale.statusCode).toBe(412);
    expect(stale.json().message).toMatch(/^This size was changed by Ana Partner \(Ditto\)/);
    expect(stale.json().conflict.change).toContain('Design');
    const stalePdf = await send(sizeIdOf(p), ben, { pattern_pdf_file: pdfPart() }, etag);
    expect(stalePdf.statusCode).toBe(412);
    // The other size was not changed: its own version still takes a save.
    const otherSave = await send(
      sizeIdOf(p, 1),
      ben,
      { data: JSON.stringify({ pattern_view: 'A', Size: 'M', Design_id: 'D-3' }) },
      other,
    );
    expect(otherSave.statusCode).toBe(200);
    expect((await get(SIZE_PATHS.one(sizeIdOf(p)), ana)).json().data.Design_id).toBe('D-1');
  });

  it('an import in update mode: a pattern edited between the check and the import is refused, saying by whom', async () => {
    const p = await seedPattern(t);
    const checked = await uploadAndCheck(
      t,
      ana,
      uploadForm(csvSheet([{ 'Pattern ID': p.code, 'Pattern Name': 'From the sheet' }]), {
        mode: 'update',
      }),
    );
    expect(checked.valid).toBe(1);
    expect((await put(p.id, ben, fields(p.code, 'Edited meanwhile', 5))).statusCode).toBe(200);
    const run = await t.app.inject({
      method: 'POST',
      url: IMPORT_PATHS.runOf(checked.id),
      headers: ana.auth,
    });
    expect(run.statusCode, run.body).toBeLessThan(300);
    await importWorker(t).drain();
    const done = await getImport(t, ana, checked.id);
    expect(done).toMatchObject({ status: 'done', updated: 0, failed: 1 });
    expect(done.outcomes[0]).toMatchObject({ outcome: 'failed' });
    expect(done.outcomes[0]?.reason).toMatch(
      /changed by Ben Admin \(admin\) on .* after the sheet was checked/,
    );
    expect(await patternRow(t, p.id)).toMatchObject({ Pattern_Name: 'Edited meanwhile' });
  });
});
