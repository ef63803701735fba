import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { createTestApp, createUser, dbKind, type TestApp, type TestUser } from '../../test/helper';
import { patternFiles, sizes } from '../../db/schema/patterns';
import { MSG } from '../../../shared/messages';
import { SIZE_MSG, SIZE_PATHS } from '../../../shared/contracts/sizes';
import {
  multipart,
  patternRow,
  pdfPart,
  pngPart,
  seedPattern,
  pdfKeyOf,
  sizeIdOf,
} from '../patterns/detail.fixtures';

describe(`sizes routes (${dbKind})`, () => {
  let t: TestApp;
  let owner: TestUser;
  let other: TestUser;
  let admin: TestUser;
  beforeAll(async () => {
    t = await createTestApp();
    owner = await createUser(t, { brand: 'ditto' });
    other = await createUser(t, { brand: 'butterick' });
    admin = await createUser(t, { role: 'admin', brand: null });
  });
  afterAll(() => t.close());

  type Parts = Parameters<typeof multipart>[0];
  const send = async (method: 'POST', url: string, user: TestUser, parts: Parts) => {
    const body = await multipart(parts);
    return t.app.inject({
      method,
      url,
      headers: { ...user.auth, ...body.headers },
      payload: body.payload,
    });
  };
  const add = (
    patternId: number,
    user: TestUser,
    data: object,
    pdf: Parts[string] | null = pdfPart(),
  ) =>
    send(
      'POST',
      SIZE_PATHS.list(patternId),
      user,
      pdf ? { data: JSON.stringify(data), pattern_pdf_file: pdf } : { data: JSON.stringify(data) },
    );
  const update = (sizeId: number, user: TestUser, parts: Parts) =>
    send('POST', SIZE_PATHS.one(sizeId), user, parts);
  const list = async (patternId: number, user: TestUser = owner) =>
    t.app.inject({ url: SIZE_PATHS.list(patternId), headers: user.auth });

  it('lists a pattern’s sizes with their PDFs as { data, totalCountData }', async () => {
    const p = await seedPattern(t, { sizes: 3 });
    const res = await list(p.id);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.totalCountData).toBe(3);
    expect(body.data.map((s: { Size: string }) => s.Size)).toEqual(['S', 'M', 'L']);
    expect(body.data[0]).toMatchObject({
      ID: p.sizeIds[0],
      pattern_view: 'A',
      piecesCount: 0,
      Design_id: null,
      pdf: { id: p.pdfFileIds[0], kind: 'pattern_pdf_file', fileName: 'S.pdf' },
    });
  });

  it('adds a size with its PDF and generates the VariationID', async () => {
    const p = await seedPattern(t, { sizes: 1 });
    const before = await patternRow(t, p.id);
    const res = await add(
      p.id,
      owner,
      { pattern_view: 'View B', Size: '12 Petite' },
      pdfPart('size 12 (b).pdf'),
    );
    expect(res.statusCode).toBe(201);
    const { data, message } = res.json();
    expect(message).toBe(MSG.sizeAdded);
    expect(data).toMatchObject({
      pattern_view: 'View B',
      Size: '12 Petite',
      Pattern_Pdf_File_Name: 'size12b.pdf',
      pdf: { fileName: 'size12b.pdf', contentType: 'application/pdf' },
    });
    expect(data.VariationID).toBe(`${p.code.toLowerCase()}_view-b_12-petite`);
    expect((await list(p.id)).json().totalCountData).toBe(2);
    expect((await patternRow(t, p.id)).updatedAt.getTime()).toBeGreaterThan(
      before.updatedAt.getTime(),
    );
    const given = await add(p.id, owner, { pattern_view: 'C', Size: 'S', VariationID: 'MY-VAR' });
    expect(given.json().data.VariationID).toBe('MY-VAR');
  });

  it('refuses a size without view, size or PDF, at the fields, and stores nothing', async () => {
    const p = await seedPattern(t);
    const res = await add(p.id, owner, { pattern_view: ' ', Size: '' });
    expect(res.statusCode).toBe(400);
    expect(res.json().fields).toEqual({
      pattern_view: MSG.patternViewRequired,
      Size: MSG.sizeRequired,
    });
    const noPdf = await add(p.id, owner, { pattern_view: 'A', Size: 'XL' }, null);
    expect(noPdf.statusCode).toBe(400);
    expect(noPdf.json().fields).toEqual({ pattern_pdf_file: MSG.patternPdfRequired });
    const png = await add(
      p.id,
      owner,
      { pattern_view: 'A', Size: 'XL' },
      { ...pngPart('x.pdf'), type: 'application/pdf' },
    );
    expect(png.statusCode).toBe(415);
    expect(png.json().fields.pattern_pdf_file).toBe('x.pdf is not a PDF');
    expect((await list(p.id)).json().totalCountData).toBe(1);
    const files = await t.deps.database.db
      .select()
      .from(patternFiles)
      .where(eq(patternFiles.patternId, p.id));
    expect(files).toHaveLength(1);
  });

  it('refuses a second size with the same view and size (409 at the field) and deletes its upload', async () => {
    const p = await seedPattern(t);
    const res = await add(p.id, owner, { pattern_view: 'a', Size: 's' });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({
      message: SIZE_MSG.duplicate('a', 's'),
      fields: { Size: SIZE_MSG.duplicate('a', 's') },
    });
    const keys: string[] = [];
    for await (const o of t.deps.files.list('patterns')) keys.push(o.key);
    const known = (
      await t.deps.database.db.select({ k: patternFiles.storageKey }).from(patternFiles)
    ).map((r) => r.k);
    // A known file's preflight thumbnails (`<key>.small.webp`, …) belong to it.
    const ownerOf = (k: string) => k.replace(/\.(small|medium)\.webp$/, '');
    expect(keys.filter((k) => !known.includes(ownerOf(k)))).toEqual([]);
  });

  it('updates a row, template fields included, and replaces its PDF removing the old object', async () => {
    const p = await seedPattern(t, { sizes: 2 });
    const sizeId = sizeIdOf(p);
    const data = {
      pattern_view: 'A',
      Size: 'S',
      VariationID: 'var-1',
      Design_id: 'D-17',
      Garment_45: '2.5 yd',
      Prod_Status: 'ok',
      Staging_Error: 'Timeout while syncing',
    };
    const res = await update(sizeId, owner, {
      data: JSON.stringify(data),
      pattern_pdf_file: pdfPart('new-s.pdf', 'New S only'),
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().message).toBe(MSG.sizeUpdated);
    expect(res.json().data).toMatchObject({
      ID: sizeId,
      ...data,
      Mannequin_id: null,
      Pattern_Pdf_File_Name: 'new-s.pdf',
      pdf: { fileName: 'new-s.pdf' },
    });
    expect(await t.deps.files.exists(pdfKeyOf(p))).toBe(false);
    const [file] = await t.deps.database.db
      .select()
      .from(patternFiles)
      .where(eq(patternFiles.sizeId, sizeId));
    if (!file) throw new Error('expected file');
    expect(await t.deps.files.exists(file.storageKey)).toBe(true);
    // Only the PDF: the fields stay.
    const pdfOnly = await update(sizeId, owner, {
      pattern_pdf_file: pdfPart('third.pdf', 'Third'),
    });
    expect(pdfOnly.json().data).toMatchObject({
      Design_id: 'D-17',
      pdf: { fileName: 'third.pdf' },
    });
    expect(await t.deps.files.exists(file.storageKey)).toBe(false);
    // Renaming onto the other size's view+size is a conflict.
    const dup = await update(sizeId, owner, {
      data: JSON.stringify({ pattern_view: 'A', Size: 'M' }),
    });
    expect(dup.statusCode).toBe(409);
    expect(dup.json().fields.Size).toBe(SIZE_MSG.duplicate('A', 'M'));
    const bad = await update(sizeId, owner, { data: '{not json' });
    expect(bad.statusCode).toBe(400);
    const empty = await update(sizeId, owner, {
      data: JSON.stringify({ pattern_view: '', Size: 'S' }),
    });
    expect(empty.json().fields).toEqual({ pattern_view: MSG.patternViewRequired });
  });

  it('reads one size with its pattern for the size screen', async () => {
    const p = await seedPattern(t, { sizes: 2 });
    const res = await t.app.inject({ url: SIZE_PATHS.one(sizeIdOf(p, 1)), headers: owner.auth });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({
      ID: p.sizeIds[1],
      Size: 'M',
      pattern: { ID: p.id, SFCC_Pattern_ID: p.code, brandName: 'Ditto', sizesCount: 2 },
    });
  });

  it('deletes one size with its PDF, never the last one', async () => {
    const p = await seedPattern(t, { sizes: 2 });
    const del = await t.app.inject({
      method: 'DELETE',
      url: SIZE_PATHS.one(sizeIdOf(p)),
      headers: owner.auth,
    });
    expect(del.statusCode).toBe(200);
    expect(del.json()).toEqual({
      data: { deleted: 1, totalCountData: 1 },
      message: 'Successfully Delete Size ',
    });
    expect(await t.deps.files.exists(pdfKeyOf(p))).toBe(false);
    const last = await t.app.inject({
      method: 'DELETE',
      url: SIZE_PATHS.one(sizeIdOf(p, 1)),
      headers: owner.auth,
    });
    expect(last.statusCode).toBe(409);
    expect(last.json().message).toBe(SIZE_MSG.lastSize);
    expect(await t.deps.files.exists(pdfKeyOf(p, 1))).toBe(true);
  });

  it('bulk-deletes sizes of one pattern, all or none, keeping at least one', async () => {
    const p = await seedPattern(t, { sizes: 4 });
    const bulk = (ids: number[], user = owner) =>
      t.app.inject({
        method: 'DELETE',
        url: SIZE_PATHS.list(p.id),
        headers: user.auth,
        payload: { ids },
      });
    const all = await bulk(p.sizeIds);
    expect(all.statusCode).toBe(409);
    expect(all.json().message).toBe(SIZE_MSG.lastSize);
    const foreign = await seedPattern(t);
    expect((await bulk([sizeIdOf(p), sizeIdOf(foreign)])).statusCode).toBe(404);
    expect((await bulk([])).statusCode).toBe(400);
    expect((await list(p.id)).json().totalCountData).toBe(4);
    const ok = await bulk(p.sizeIds.slice(0, 3));
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toEqual({
      data: { deleted: 3, totalCountData: 1 },
      message: MSG.sizeDeleted,
    });
    for (const k of p.pdfKeys.slice(0, 3)) expect(await t.deps.files.exists(k)).toBe(false);
  });

  it('hides another brand’s sizes from a user (404) for every call; admins reach them', async () => {
    const p = await seedPattern(t, { sizes: 2 });
    const sizeId = sizeIdOf(p);
    expect((await list(p.id, other)).statusCode).toBe(404);
    expect(
      (await t.app.inject({ url: SIZE_PATHS.one(sizeId), headers: other.auth })).statusCode,
    ).toBe(404);
    expect((await add(p.id, other, { pattern_view: 'Z', Size: 'Z' })).statusCode).toBe(404);
    const upd = await update(sizeId, other, {
      data: JSON.stringify({ pattern_view: 'Z', Size: 'Z' }),
    });
    expect(upd.statusCode).toBe(404);
    expect(upd.json().message).toBe('Size not found');
    expect(
      (await t.app.inject({ method: 'DELETE', url: SIZE_PATHS.one(sizeId), headers: other.auth }))
        .statusCode,
    ).toBe(404);
    expect(
      (
        await t.app.inject({
          method: 'DELETE',
          url: SIZE_PATHS.list(p.id),
          headers: other.auth,
          payload: { ids: [sizeId] },
        })
      ).statusCode,
    ).toBe(404);
    const rows = await t.deps.database.db.select().from(sizes).where(eq(sizes.patternId, p.id));
    expect(rows.map((r) => r.Size).sort()).toEqual(['M', 'S']);
    expect((await list(p.id, admin)).json().totalCountData).toBe(2);
    expect(
      (
        await update(sizeId, admin, {
          data: JSON.stringify({ pattern_view: 'A', Size: 'S', Mannequin_id: 'M-1' }),
        })
      ).statusCode,
    ).toBe(200);
  });

  it('asks for multipart on add and update', async () => {
    const p = await seedPattern(t);
    const res = await t.app.inject({
      method: 'POST',
      url: SIZE_PATHS.list(p.id),
      headers: owner.auth,
      payload: { pattern_view: 'A', Size: 'Q' },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toMatch(/multipart/);
  });
});
