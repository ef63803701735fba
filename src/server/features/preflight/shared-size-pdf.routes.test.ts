import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  brandIdBySlug,
  createTestApp,
  createUser,
  dbKind,
  type TestApp,
  type TestUser,
} from '../../test/helper';
import { patternData, postSubmission, submissionForm, type FilePart } from '../../test/submission';
import { makePdf, PAGE } from '../../test/preflight-files';
import type { PatternDetail } from '../../../shared/contracts/pattern-detail';
import type { Size } from '../../../shared/contracts/sizes';

// Issue 48 item 6: one PDF per size is what the form asks for; only a PDF several sizes share
// whose pages cannot be theirs is worth a warning (docs/preflight.md, "One PDF for several sizes").
const pdf = 'application/pdf';
const SHARED_RULES = ['shared-one-page-pdf', 'shared-pdf-pages-mismatch'];

describe(`size PDFs shared by several sizes (${dbKind})`, () => {
  let t: TestApp;
  let owner: TestUser;
  let brandId: number;
  beforeAll(async () => {
    t = await createTestApp();
    owner = await createUser(t, { brand: 'ditto' });
    brandId = await brandIdBySlug(t, 'ditto');
  });
  afterAll(() => t.close());

  const SIZES: [string, string][] = [
    ['A', '10'],
    ['A', '12'],
    ['A', '14'],
  ];
  /** A pattern of sizes 10, 12, 14 whose PDFs are `pdfs[i]`; its detail and sizes once checked. */
  const create = async (id: string, pdfs: Buffer[]) => {
    const parts: FilePart[] = pdfs.map((b, i) => [
      `pattern_pdf_file${i}`,
      b,
      `size${SIZES[i]![1]}.pdf`,
      pdf,
    ]);
    const res = await postSubmission(
      t,
      owner,
      submissionForm(patternData(brandId, id, SIZES), parts),
    );
    expect(res.statusCode).toBe(201);
    const ID: number = res.json().data.ID;
    const detail = async (): Promise<PatternDetail> =>
      (await t.app.inject({ url: `/api/patterns/${ID}`, headers: owner.auth })).json().data;
    await vi.waitFor(async () => expect((await detail()).thumbnailsPending).toBe(false), {
      timeout: 60_000,
      interval: 100,
    });
    const sizes: Size[] = (
      await t.app.inject({ url: `/api/patterns/${ID}/sizes`, headers: owner.auth })
    ).json().data;
    return { detail: await detail(), sizes };
  };
  const sharedIn = (d: PatternDetail) =>
    d.warnings!.filter((w) => SHARED_RULES.includes(w.rule)).map((w) => w.message);

  it('gives no warning when each size has its own one-page PDF', async () => {
    const own = await Promise.all([PAGE.a4, PAGE.letter, PAGE.a0].map((page) => makePdf([page])));
    const { detail, sizes } = await create('SH-OWN', own);
    expect(sizes.map((s) => s.pdf?.check)).toEqual(
      Array(3).fill(expect.objectContaining({ pageCount: 1 })),
    );
    expect(detail.warnings).toEqual([]);
    expect(sizes.map((s) => s.pdf?.warnings)).toEqual([[], [], []]);
  }, 120_000);

  it('warns once in the status panel, and on each size, when three sizes name one one-page PDF', async () => {
    const one = await makePdf([PAGE.a4]);
    const { detail, sizes } = await create('SH-ONE', [one, one, one]);
    const message =
      'The 3 sizes 10, 12 and 14 all have this same one-page PDF: is it the right file for each of them?';
    expect(sharedIn(detail)).toEqual([message]);
    expect(sizes.map((s) => s.pdf?.warnings)).toEqual([[message], [message], [message]]);
    const size12 = (
      await t.app.inject({ url: `/api/sizes/${sizes[1]!.ID}`, headers: owner.auth })
    ).json().data;
    expect(size12.pdf.warnings).toEqual([message]);
  }, 120_000);

  it('warns when a 2-page PDF is named by 3 sizes, not when each size has its pages', async () => {
    const two = await makePdf([PAGE.a4, PAGE.a4]);
    const { detail, sizes } = await create('SH-TWO', [two, two, two]);
    const message =
      'The 3 sizes 10, 12 and 14 all have this same 2-page PDF, and 2 pages do not divide evenly among 3 sizes: is it the right file for each of them?';
    expect(detail.warnings!.map((w) => [w.rule, w.message])).toEqual([
      ['shared-pdf-pages-mismatch', message],
    ]);
    expect(sizes.map((s) => s.pdf?.warnings)).toEqual([[message], [message], [message]]);

    const three = await makePdf([PAGE.a4, PAGE.a4, PAGE.a4]);
    expect(sharedIn((await create('SH-THREE', [three, three, three])).detail)).toEqual([]);
  }, 120_000);
});
