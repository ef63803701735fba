import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { createTestApp, createUser, dbKind, type TestApp, type TestUser } from '../../test/helper';
import { patternFiles } from '../../db/schema/patterns';
import { PATTERN_DETAIL_MSG, PATTERN_DETAIL_PATHS } from '../../../shared/contracts/pattern-detail';
import {
  multipart,
  patternRow,
  pdfPart,
  pngPart,
  seedFile,
  seedPattern,
  pdfFileIdOf,
  pdfKeyOf,
} from './detail.fixtures';

/** A pattern's own files through the detail routes (detail-files.service.ts): replace, add, remove. */
describe(`pattern files routes (${dbKind})`, () => {
  let t: TestApp;
  let owner: TestUser;
  beforeAll(async () => {
    t = await createTestApp();
    owner = await createUser(t, { brand: 'ditto' });
  });
  afterAll(() => t.close());

  it('replaces a file kind: the new object is stored, the old one removed', async () => {
    const p = await seedPattern(t);
    const old = await seedFile(t, p.id, 'Main_Hero_Image');
    const before = await patternRow(t, p.id);
    const body = await multipart({ Main_Hero_Image: pngPart('new hero (1).png') });
    const res = await t.app.inject({
      method: 'POST',
      url: PATTERN_DETAIL_PATHS.files(p.id),
      headers: { ...owner.auth, ...body.headers },
      payload: body.payload,
    });
    expect(res.statusCode).toBe(200);
    const files = res.json().data.files;
    expect(files).toHaveLength(1);
    expect(files[0]).toMatchObject({
      kind: 'Main_Hero_Image',
      fileName: 'newhero1.png',
      contentType: 'image/png',
    });
    expect(await t.deps.files.exists(old.key)).toBe(false);
    const [row] = await t.deps.database.db
      .select()
      .from(patternFiles)
      .where(eq(patternFiles.id, files[0].id));
    if (!row) throw new Error('expected row');
    expect(await t.deps.files.exists(row.storageKey)).toBe(true);
    expect((await patternRow(t, p.id)).updatedAt.getTime()).toBeGreaterThan(
      before.updatedAt.getTime(),
    );
  });

  it('adds hero images and removes one file with its object', async () => {
    const p = await seedPattern(t);
    const first = await seedFile(t, p.id, 'Hero_Images');
    const body = await multipart({
      Hero_Images: [pngPart('a.png'), pngPart('b.png')],
      Instruction_PDF: pdfPart('steps.pdf'),
    });
    const res = await t.app.inject({
      method: 'POST',
      url: PATTERN_DETAIL_PATHS.files(p.id),
      headers: { ...owner.auth, ...body.headers },
      payload: body.payload,
    });
    expect(res.statusCode).toBe(200);
    expect(
      res
        .json()
        .data.files.map((f: { kind: string }) => f.kind)
        .sort(),
    ).toEqual(['Hero_Images', 'Hero_Images', 'Hero_Images', 'Instruction_PDF']);
    expect(await t.deps.files.exists(first.key)).toBe(true);
    const del = await t.app.inject({
      method: 'DELETE',
      url: PATTERN_DETAIL_PATHS.file(p.id, first.id),
      headers: owner.auth,
    });
    expect(del.statusCode).toBe(200);
    expect(del.json().data.files).toHaveLength(3);
    expect(await t.deps.files.exists(first.key)).toBe(false);
    expect(
      (
        await t.app.inject({
          method: 'DELETE',
          url: PATTERN_DETAIL_PATHS.file(p.id, first.id),
          headers: owner.auth,
        })
      ).statusCode,
    ).toBe(404);
  });

  it('refuses a wrong file type (415 at the field) and keeps the old file', async () => {
    const p = await seedPattern(t);
    const old = await seedFile(t, p.id, 'Main_Hero_Image');
    const body = await multipart({
      Main_Hero_Image: { bytes: pdfPart().bytes, name: 'photo.png', type: 'image/png' },
    });
    const res = await t.app.inject({
      method: 'POST',
      url: PATTERN_DETAIL_PATHS.files(p.id),
      headers: { ...owner.auth, ...body.headers },
      payload: body.payload,
    });
    expect(res.statusCode).toBe(415);
    expect(res.json().fields.Main_Hero_Image).toBe('photo.png is not a JPG or PNG image');
    expect(await t.deps.files.exists(old.key)).toBe(true);
    const rows = await t.deps.database.db
      .select()
      .from(patternFiles)
      .where(eq(patternFiles.patternId, p.id));
    expect(rows.filter((r) => r.kind === 'Main_Hero_Image')).toHaveLength(1);
    const unknown = await multipart({ Brochure: pngPart() });
    const r2 = await t.app.inject({
      method: 'POST',
      url: PATTERN_DETAIL_PATHS.files(p.id),
      headers: { ...owner.auth, ...unknown.headers },
      payload: unknown.payload,
    });
    expect(r2.statusCode).toBe(400);
    const empty = await multipart({ note: 'no file' });
    const r3 = await t.app.inject({
      method: 'POST',
      url: PATTERN_DETAIL_PATHS.files(p.id),
      headers: { ...owner.auth, ...empty.headers },
      payload: empty.payload,
    });
    expect(r3.json()).toMatchObject({ message: PATTERN_DETAIL_MSG.noFile });
  });

  it('does not remove a size’s PDF through the pattern’s files', async () => {
    const p = await seedPattern(t);
    const res = await t.app.inject({
      method: 'DELETE',
      url: PATTERN_DETAIL_PATHS.file(p.id, pdfFileIdOf(p)),
      headers: owner.auth,
    });
    expect(res.statusCode).toBe(409);
    expect(await t.deps.files.exists(pdfKeyOf(p))).toBe(true);
  });

  it('does not reach a file through another pattern’s ID', async () => {
    const mine = await seedPattern(t);
    const theirs = await seedPattern(t, { brand: 'butterick' });
    const file = await seedFile(t, theirs.id, 'Size_Chart');
    const res = await t.app.inject({
      method: 'DELETE',
      url: PATTERN_DETAIL_PATHS.file(mine.id, file.id),
      headers: owner.auth,
    });
    expect(res.statusCode).toBe(404);
    expect(await t.deps.files.exists(file.key)).toBe(true);
  });
});
