import sharp from 'sharp';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  brandIdBySlug,
  createTestApp,
  createUser,
  dbKind,
  type TestApp,
  type TestUser,
} from '../../test/helper';
import {
  listObjects,
  patternData,
  postSubmission,
  submissionForm,
  type FilePart,
} from '../../test/submission';
import {
  encryptedPdf,
  damagedPdf,
  makePdf,
  makePhoto,
  nestedPdf,
  PAGE,
  slowToDrawPdf,
} from '../../test/preflight-files';
import { purgeTrash } from '../trash';
import { sizePdfErrorKey } from '../../../shared/contracts/pattern-create';
import { THUMBNAIL_PATHS, type PreflightWarning } from '../../../shared/contracts/preflight';
import type { PatternDetail } from '../../../shared/contracts/pattern-detail';
import type { PatternFile } from '../../../shared/contracts/files';

const pdf = 'application/pdf';

describe(`upload preflight through the API (${dbKind})`, () => {
  let t: TestApp;
  let owner: TestUser;
  let other: TestUser;
  let brandId: number;
  beforeAll(async () => {
    t = await createTestApp();
    owner = await createUser(t, { brand: 'ditto' });
    other = await createUser(t, { brand: 'butterick' });
    brandId = await brandIdBySlug(t, 'ditto');
  });
  afterAll(() => t.close());

  const submit = async (
    id: string,
    sizes: [string, string][],
    files: FilePart[],
    extra: Record<string, unknown> = {},
  ) => {
    const res = await postSubmission(
      t,
      owner,
      submissionForm(patternData(brandId, id, sizes, extra), files),
    );
    // The PDFs' first pages are drawn after the answer (create-thumbnails.test.ts): each test
    // here sees them drawn, and the next one starts with nothing in progress.
    if (res.statusCode === 201)
      await vi.waitFor(
        async () => expect((await detail(res.json().data.ID)).thumbnailsPending).toBe(false),
        { timeout: 60_000, interval: 100 },
      );
    return res;
  };
  const detail = async (id: number): Promise<PatternDetail> =>
    (await t.app.inject({ url: `/api/patterns/${id}`, headers: owner.auth })).json().data;
  const download = async (f: PatternFile) =>
    (await t.app.inject({ url: f.url, headers: owner.auth })).rawPayload;

  it('warns about a Printable pattern whose size PDF is A0 only, and a PDF that forbids printing', async () => {
    const res = await submit(
      'PF-A0',
      [
        ['A', '10'],
        ['A', '12'],
      ],
      [
        ['pattern_pdf_file0', await makePdf([PAGE.a0]), 'size10.pdf', pdf],
        [
          'pattern_pdf_file1',
          await makePdf([PAGE.a4, PAGE.a4, PAGE.a0], { layers: ['10', '12'] }),
          'size12.pdf',
          pdf,
        ],
        ['Instruction_PDF', encryptedPdf({ allowPrint: false }), 'instructions.pdf', pdf],
      ],
      { Is_Printable: 'Yes' },
    );
    expect(res.statusCode).toBe(201);
    const d = await detail(res.json().data.ID);
    const byFile = (name: string) =>
      d.warnings!.filter((w: PreflightWarning) => w.fileName === name).map((w) => w.rule);
    // Its own one-page PDF is what the form asks for (shared-size-pdf.routes.test.ts).
    expect(byFile('size10.pdf')).toEqual(['printable-without-home-pages']);
    expect(byFile('size12.pdf')).toEqual(['home-pages-mixed']);
    expect(byFile('instructions.pdf')).toEqual(['print-restricted']);
    const instructions = d.files.find((f) => f.kind === 'Instruction_PDF')!;
    expect(instructions.check).toMatchObject({ type: 'pdf', pageCount: 1, printRestricted: true });
    expect(instructions.warnings).toEqual([
      'Printing is restricted in this PDF: customers will not be able to print it',
    ]);

    const sizes = (
      await t.app.inject({ url: `/api/patterns/${d.ID}/sizes`, headers: owner.auth })
    ).json().data;
    const size12 = sizes.find((s: { Size: string }) => s.Size === '12');
    expect(size12.pdf.check).toMatchObject({
      pageCount: 3,
      layers: 2,
      pageSizes: [
        { name: 'A4', pages: 2 },
        { name: 'A0', pages: 1 },
      ],
    });
    expect(size12.pdf.warnings).toEqual(['Its pages are not all one size: A4 (2), A0 (1)']);
    const size10 = (
      await t.app.inject({
        url: `/api/sizes/${sizes.find((s: { Size: string }) => s.Size === '10').ID}`,
        headers: owner.auth,
      })
    ).json().data;
    expect(size10.pdf.warnings[0]).toBe(
      'The pattern is marked Printable, but this size PDF has no US Letter or A4 pages (its pages: A0)',
    );

    // The rule follows the pattern: not Printable any more, no Printable warning.
    const {
      files: _f,
      warnings: _w,
      missing: _m,
      sizesCount: _s,
      editedAfter: _e,
      brandName: _b,
      ID: _i,
      SFCC_Status: _st,
      reviewedAt: _r,
      publishedAt: _p,
      createdAt: _c,
      updatedAt: _u,
      ...fields
    } = d;
    const put = await t.app.inject({
      method: 'PUT',
      url: `/api/patterns/${d.ID}`,
      headers: owner.auth,
      payload: { ...stripNulls(fields), Is_Printable: 'No' },
    });
    expect(put.statusCode).toBe(200);
    expect(put.json().data.warnings.map((w: PreflightWarning) => w.rule)).not.toContain(
      'printable-without-home-pages',
    );
  }, 120_000);

  it('refuses a password-protected or damaged PDF with the message at its field, leaving nothing stored', async () => {
    const before = listObjects(t, { thumbnails: true });
    const locked = await submit(
      'PF-LOCK',
      [['A', 'M']],
      [
        ['pattern_pdf_file0', await makePdf([PAGE.letter, PAGE.letter]), 'size-m.pdf', pdf],
        ['Instruction_PDF', encryptedPdf({ userPassword: 'secret' }), 'instructions.pdf', pdf],
      ],
    );
    expect(locked.statusCode).toBe(422);
    expect(locked.json().fields).toEqual({
      Instruction_PDF: 'instructions.pdf is password-protected',
    });
    const damaged = await submit(
      'PF-DMG',
      [['A', 'M']],
      [['pattern_pdf_file0', damagedPdf(), 'size12.pdf', pdf]],
    );
    expect(damaged.statusCode).toBe(422);
    expect(damaged.json().fields).toEqual({
      [sizePdfErrorKey(0)]: 'size12.pdf is damaged and cannot be opened',
    });
    expect(listObjects(t, { thumbnails: true })).toEqual(before);
  }, 120_000);

  it('answers a malicious PDF with its facts or a refusal and stays healthy', async () => {
    const res = await submit(
      'PF-NEST',
      [['A', 'M']],
      [['pattern_pdf_file0', nestedPdf(), 'nested.pdf', pdf]],
    );
    expect([201, 422]).toContain(res.statusCode);
    expect((await t.app.inject({ url: '/api/health' })).statusCode).toBe(200);
  }, 60_000);

  it('cleans photos (orientation, GPS, CMYK), warns about a small hero and serves cached thumbnails', async () => {
    const webp = () => listObjects(t, { thumbnails: true }).filter((k) => k.endsWith('.webp'));
    const thumbsBefore = webp();
    const res = await submit(
      'PF-PHOTO',
      [['A', 'M']],
      [
        ['pattern_pdf_file0', await makePdf([PAGE.letter, PAGE.letter]), 'size-m.pdf', pdf],
        [
          'Main_Hero_Image',
          await makePhoto({ width: 1600, height: 1200, orientation: 6, gps: true }),
          'hero.jpg',
          'image/jpeg',
        ],
        ['Hero_Images', await makePhoto({ width: 800, height: 600 }), 'small.jpg', 'image/jpeg'],
        [
          'Hero_Images',
          await makePhoto({ width: 1200, height: 1200, cmyk: true }),
          'cmyk.jpg',
          'image/jpeg',
        ],
      ],
    );
    expect(res.statusCode).toBe(201);
    const d = await detail(res.json().data.ID);
    expect(d.warnings!.map((w) => [w.fileName, w.message])).toEqual([
      ['small.jpg', 'The storefront needs at least 1000 px (this photo is 800×600 px)'],
    ]);
    const hero = d.files.find((f) => f.kind === 'Main_Hero_Image')!;
    expect(hero.check).toMatchObject({
      type: 'image',
      width: 1200,
      height: 1600,
      rotated: true,
      metadataRemoved: true,
    });
    const stored = await sharp(await download(hero)).metadata();
    expect([stored.width, stored.height, stored.exif, stored.orientation]).toEqual([
      1200,
      1600,
      undefined,
      undefined,
    ]);
    expect(hero.byteSize).toBe((await download(hero)).length);
    const cmyk = d.files.find((f) => f.fileName === 'cmyk.jpg')!;
    expect((await sharp(await download(cmyk)).metadata()).space).toBe('srgb');

    const url = THUMBNAIL_PATHS.thumbnail(hero.id, 'small');
    const thumb = await t.app.inject({ url, headers: owner.auth });
    expect(thumb.statusCode).toBe(200);
    expect(thumb.headers['content-type']).toBe('image/webp');
    expect(thumb.headers['cache-control']).toBe('private, max-age=31536000, immutable');
    expect((await sharp(thumb.rawPayload).metadata()).height).toBe(320);
    const etag = String(thumb.headers.etag);
    const again = await t.app.inject({ url, headers: { ...owner.auth, 'if-none-match': etag } });
    expect(again.statusCode).toBe(304);
    expect(again.rawPayload.length).toBe(0);
    expect(
      (
        await t.app.inject({
          url: THUMBNAIL_PATHS.thumbnail(hero.id, 'medium'),
          headers: owner.auth,
        })
      ).statusCode,
    ).toBe(200);
    expect((await t.app.inject({ url, headers: other.auth })).statusCode).toBe(404);
    expect((await t.app.inject({ url })).statusCode).toBe(401);
    expect(
      (await t.app.inject({ url: `/api/files/${hero.id}/thumbnail/huge`, headers: owner.auth }))
        .statusCode,
    ).toBe(400);

    // The list names each row's main hero (for its thumbnail); deleting the pattern keeps them (it
    // waits in the Trash), its purge removes the thumbnails too.
    const list = (
      await t.app.inject({ url: '/api/patterns?search=PF-PHOTO', headers: owner.auth })
    ).json().data;
    expect(list.map((r: { heroFileId: number | null }) => r.heroFileId)).toEqual([hero.id]);
    expect(webp().length - thumbsBefore.length).toBe(8); // 3 photos and the size PDF, 2 each
    const del = await t.app.inject({
      method: 'DELETE',
      url: `/api/patterns/${d.ID}`,
      headers: owner.auth,
    });
    expect(del.statusCode).toBe(200);
    expect(webp().length - thumbsBefore.length).toBe(8);
    await t.deps.database.db.execute(
      sql`update patterns set deleted_at = now() - interval '31 days' where "ID" = ${d.ID}`,
    );
    expect(await purgeTrash(t.deps)).toBe(1);
    expect(webp()).toEqual(thumbsBefore);
  }, 120_000);

  it('draws the first page of each PDF as cached WebP thumbnails; one too costly to draw gets none', async () => {
    const res = await submit(
      'PF-PDFTHUMB',
      [['A', 'M']],
      [
        ['pattern_pdf_file0', await makePdf([PAGE.a4, PAGE.a0]), 'size-m.pdf', pdf],
        // 3,000 transparency groups: many times the 3 s drawing budget even on a fast, idle machine
        // (300 were drawn in time on one).
        ['Instruction_PDF', slowToDrawPdf(3000), 'instructions.pdf', pdf],
      ],
    );
    expect(res.statusCode).toBe(201);
    const d = await detail(res.json().data.ID);
    const sizePdf = (
      await t.app.inject({ url: `/api/patterns/${d.ID}/sizes`, headers: owner.auth })
    ).json().data[0].pdf as PatternFile;
    expect(sizePdf.check).toMatchObject({ type: 'pdf', pageCount: 2, thumbnails: true });

    // Small for lists, medium for the pattern screen: A4 portrait, the longest side at 320 and 960 px.
    for (const [size, w, h] of [
      ['small', 226, 320],
      ['medium', 679, 960],
    ] as const) {
      const url = THUMBNAIL_PATHS.thumbnail(sizePdf.id, size);
      const thumb = await t.app.inject({ url, headers: owner.auth });
      expect(thumb.statusCode).toBe(200);
      expect(thumb.headers['content-type']).toBe('image/webp');
      expect(thumb.headers['cache-control']).toBe('private, max-age=31536000, immutable');
      const { data, info } = await sharp(thumb.rawPayload)
        .greyscale()
        .raw()
        .toBuffer({ resolveWithObject: true });
      expect([info.width, info.height]).toEqual([w, h]);
      // A white page with a line of dark text: not blank, not filled.
      const ink = data.filter((v) => v < 128).length;
      expect(ink, size).toBeGreaterThan(10);
      expect(ink, size).toBeLessThan(data.length / 10);
      expect(Math.max(...data.subarray(0, 1000))).toBe(255);
      const again = await t.app.inject({
        url,
        headers: { ...owner.auth, 'if-none-match': String(thumb.headers.etag) },
      });
      expect(again.statusCode).toBe(304);
    }
    expect(
      (
        await t.app.inject({
          url: THUMBNAIL_PATHS.thumbnail(sizePdf.id, 'small'),
          headers: other.auth,
        })
      ).statusCode,
    ).toBe(404);

    // Too costly to draw in the budget: the facts are kept, no thumbnail (the browser draws it).
    const instructions = d.files.find((f) => f.kind === 'Instruction_PDF')!;
    expect(instructions.check).toMatchObject({ type: 'pdf', pageCount: 1, thumbnails: false });
    expect(
      (
        await t.app.inject({
          url: THUMBNAIL_PATHS.thumbnail(instructions.id, 'small'),
          headers: owner.auth,
        })
      ).statusCode,
    ).toBe(404);
    expect((await t.app.inject({ url: '/api/health' })).statusCode).toBe(200);
  }, 90_000);
});

function stripNulls(o: Record<string, unknown>) {
  return Object.fromEntries(Object.entries(o).filter(([, v]) => v !== null));
}
