import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createTestApp,
  createUser,
  dbKind,
  brandIdBySlug,
  type TestApp,
  type TestUser,
} from '../../test/helper';
import { MSG } from '../../../shared/messages';
import { PATTERN_DETAIL_MSG, PATTERN_DETAIL_PATHS } from '../../../shared/contracts/pattern-detail';
import { FILE_PATHS } from '../../../shared/contracts/files';
import {
  multipart,
  patternRow,
  pngPart,
  seedFile,
  seedPattern,
  pdfFileIdOf,
} from './detail.fixtures';

describe(`pattern detail routes (${dbKind})`, () => {
  let t: TestApp;
  let owner: TestUser;
  let other: TestUser;
  let admin: TestUser;
  let dittoId: number;
  beforeAll(async () => {
    t = await createTestApp();
    owner = await createUser(t, { brand: 'ditto' });
    other = await createUser(t, { brand: 'butterick' });
    admin = await createUser(t, { role: 'admin', brand: null });
    dittoId = await brandIdBySlug(t, 'ditto');
  });
  afterAll(() => t.close());

  const get = (id: number, user: TestUser) =>
    t.app.inject({ url: PATTERN_DETAIL_PATHS.detail(id), headers: user.auth });
  const fields = (code: string, extra: Record<string, unknown> = {}) => ({
    SFCC_Pattern_ID: code,
    Pattern_Name: 'Wrap Dress',
    Brand: dittoId,
    Technical_Details: 'Fitted bodice',
    Fabric_type: 'Woven',
    Type: 'Women Patterns',
    Gender: 'Women',
    Price: 18.5,
    Is_Printable: 'Yes',
    ...extra,
  });
  const put = (id: number, user: TestUser, payload: unknown) =>
    t.app.inject({
      method: 'PUT',
      url: PATTERN_DETAIL_PATHS.detail(id),
      headers: user.auth,
      payload: payload as object,
    });

  it('answers every field, the brand name, status, files, size count and nothing missing for a complete pattern', async () => {
    const p = await seedPattern(t, { sizes: 2 });
    const hero = await seedFile(t, p.id, 'Main_Hero_Image');
    const res = await get(p.id, owner);
    expect(res.statusCode).toBe(200);
    const d = res.json().data;
    expect(d).toMatchObject({
      ID: p.id,
      SFCC_Pattern_ID: p.code,
      Brand: dittoId,
      brandName: 'Ditto',
      Price: 12.5,
      Type: 'Women Patterns',
      SFCC_Status: 'draft',
    });
    expect(d).toMatchObject({
      IS_SFCC_TESTING: false,
      reviewedAt: null,
      publishedAt: null,
      sizesCount: 2,
      missing: [],
      editedAfter: null,
    });
    expect(d.files).toEqual([
      expect.objectContaining({
        id: hero.id,
        kind: 'Main_Hero_Image',
        fileName: 'hero.png',
        contentType: 'image/png',
        sizeId: null,
        url: `/api/files/${hero.id}`,
      }),
    ]);
    expect(d.files[0].byteSize).toBeGreaterThan(0);
  });

  it('lists what an incomplete pattern lacks', async () => {
    const noSizes = await seedPattern(t, { sizes: 0 });
    expect((await get(noSizes.id, owner)).json().data.missing).toEqual([
      { field: 'sizes', message: 'At least one size is required' },
    ]);
    const noPdf = await seedPattern(t, { sizes: 2, withPdfs: false });
    const missing = (await get(noPdf.id, owner)).json().data.missing;
    expect(missing).toHaveLength(2);
    expect(missing[0]).toEqual({
      field: `sizes.${noPdf.sizeIds[0]}.pattern_pdf_file`,
      message: `Size S (view A): ${MSG.patternPdfRequired}`,
    });
  });

  it('hides another brand’s pattern and its files from a user (404), not from an admin', async () => {
    const p = await seedPattern(t);
    const file = await seedFile(t, p.id, 'Hero_Images');
    const r = await get(p.id, other);
    expect(r.statusCode).toBe(404);
    expect(r.json()).toMatchObject({ code: 'NOT_FOUND', message: 'Pattern not found' });
    expect(
      (await put(p.id, other, fields(p.code, { Brand: await brandIdBySlug(t, 'butterick') })))
        .statusCode,
    ).toBe(404);
    const up = await multipart({ Main_Hero_Image: pngPart() });
    expect(
      (
        await t.app.inject({
          method: 'POST',
          url: PATTERN_DETAIL_PATHS.files(p.id),
          headers: { ...other.auth, ...up.headers },
          payload: up.payload,
        })
      ).statusCode,
    ).toBe(404);
    expect(
      (await t.app.inject({ url: FILE_PATHS.download(file.id), headers: other.auth })).statusCode,
    ).toBe(404);
    expect(
      (await t.app.inject({ url: FILE_PATHS.download(pdfFileIdOf(p)), headers: other.auth }))
        .statusCode,
    ).toBe(404);
    expect(
      (await t.app.inject({ url: FILE_PATHS.download(file.id), headers: owner.auth })).statusCode,
    ).toBe(200);
    const del = await t.app.inject({
      method: 'DELETE',
      url: PATTERN_DETAIL_PATHS.file(p.id, file.id),
      headers: other.auth,
    });
    expect(del.statusCode).toBe(404);
    expect(await t.deps.files.exists(file.key)).toBe(true);
    // Same for an ID that does not exist at all: nothing tells the two apart.
    expect((await get(999_999, other)).json()).toEqual(r.json());
    expect((await get(p.id, admin)).statusCode).toBe(200);
    expect((await t.app.inject({ url: PATTERN_DETAIL_PATHS.detail(p.id) })).statusCode).toBe(401);
  });

  it('updates every field with the submission rules, bumps updatedAt and keeps the status', async () => {
    const p = await seedPattern(t, { status: 'in_review' });
    const before = await patternRow(t, p.id);
    const res = await put(p.id, owner, fields(`${p.code}-new`, { Pattern_Fit: 'Loose' }));
    expect(res.statusCode).toBe(200);
    const d = res.json().data;
    expect(d).toMatchObject({
      SFCC_Pattern_ID: `${p.code}-new`,
      Pattern_Name: 'Wrap Dress',
      Price: 18.5,
      Pattern_Fit: 'Loose',
      SFCC_Status: 'in_review',
    });
    expect(res.json().message).toBe(PATTERN_DETAIL_MSG.updated);
    expect(new Date(d.updatedAt).getTime()).toBeGreaterThan(before.updatedAt.getTime());
    // A field left out is cleared: the body is the whole record.
    const cleared = await put(p.id, owner, {
      SFCC_Pattern_ID: `${p.code}-new`,
      Pattern_Name: 'Wrap Dress',
      Brand: dittoId,
      Notion: '',
      Price: '',
    });
    expect(cleared.json().data).toMatchObject({
      Price: null,
      Pattern_Fit: null,
      Type: null,
      Fabric_type: null,
      Notion: null,
    });
  });

  it('refuses bad fields with the submission form’s messages at the fields', async () => {
    const p = await seedPattern(t);
    const res = await put(
      p.id,
      owner,
      fields('  ', { Pattern_Name: '', Fabric_type: 'Silk', Price: -1 }),
    );
    expect(res.statusCode).toBe(400);
    const f = res.json().fields;
    expect(f.SFCC_Pattern_ID).toBe('Pattern ID is required');
    expect(f.Pattern_Name).toBe('Pattern Name is required');
    expect(f.Fabric_type).toMatch(/^Fabric Type must be one of/);
    expect(f.Price).toMatch(/^Price must be a number/);
    const long = await put(p.id, owner, fields(p.code, { Notion: 'x'.repeat(256) }));
    expect(long.json().fields.Notion).toBe('Notion must be at most 255 characters');
    const noBrand = await put(p.id, owner, fields(p.code, { Brand: 0 }));
    expect(noBrand.json().fields.Brand).toBe(MSG.chooseBrand);
    expect((await patternRow(t, p.id)).SFCC_Pattern_ID).toBe(p.code);
  });

  it('answers 409 at the field for a Pattern ID another pattern has', async () => {
    const a = await seedPattern(t);
    const b = await seedPattern(t);
    const res = await put(b.id, owner, fields(a.code));
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({
      message: MSG.patternIdTaken,
      fields: { SFCC_Pattern_ID: MSG.patternIdTaken },
    });
  });

  it('keeps a user’s pattern in their brand; an admin may move it', async () => {
    const p = await seedPattern(t);
    const butterick = await brandIdBySlug(t, 'butterick');
    const res = await put(p.id, owner, fields(p.code, { Brand: butterick }));
    expect(res.statusCode).toBe(400);
    expect(res.json().fields.Brand).toBe(PATTERN_DETAIL_MSG.otherBrand);
    expect((await put(p.id, admin, fields(p.code, { Brand: 987_654 }))).json().fields.Brand).toBe(
      PATTERN_DETAIL_MSG.unknownBrand,
    );
    const moved = await put(p.id, admin, fields(p.code, { Brand: butterick }));
    expect(moved.json().data).toMatchObject({ Brand: butterick, brandName: 'Butterick' });
    expect((await get(p.id, owner)).statusCode).toBe(404);
    expect((await get(p.id, other)).statusCode).toBe(200);
  });

  it('answers 400, not 500, for IDs no row can have', async () => {
    for (const url of [
      '/api/patterns/99999999999',
      '/api/patterns/0',
      '/api/patterns/abc',
      '/api/sizes/99999999999',
      '/api/pieces/2147483648',
      '/api/patterns/1/files/99999999999',
    ]) {
      const res = await t.app.inject({
        method: url.includes('files') || url.includes('pieces') ? 'DELETE' : 'GET',
        url,
        headers: owner.auth,
      });
      expect(res.statusCode, url).toBe(400);
      expect(res.json().code).toBe('VALIDATION_FAILED');
    }
  });
});
