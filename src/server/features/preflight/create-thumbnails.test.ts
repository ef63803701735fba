import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  brandIdBySlug,
  createTestApp,
  createUser,
  dbKind,
  TEST_WORKERS,
  type TestApp,
  type TestUser,
} from '../../test/helper';
import { patternData, postSubmission, submissionForm } from '../../test/submission';
import { makePdf, PAGE } from '../../test/preflight-files';
import { startJobWorker } from '../../jobs/outbox';
import { thumbnailsJobHandler } from '../files';
import { THUMBNAIL_PATHS } from '../../../shared/contracts/preflight';
import type { PatternDetail } from '../../../shared/contracts/pattern-detail';
import type { PatternFile } from '../../../shared/contracts/files';

const pdf = 'application/pdf';

/**
 * Issue 31: the create form answers with its PDFs' facts without waiting for their first pages to
 * be drawn (nine tenths of a PDF's check); queued work draws them. The thumbnails worker is left
 * out here and driven by hand, so what the answer left pending can be seen.
 */
describe(`the create form's PDF thumbnails, drawn after the answer (${dbKind})`, () => {
  let t: TestApp;
  let owner: TestUser;
  let brandId: number;
  beforeAll(async () => {
    t = await createTestApp({}, { workers: TEST_WORKERS.filter((w) => w !== 'thumbnails') });
    owner = await createUser(t, { brand: 'ditto' });
    brandId = await brandIdBySlug(t, 'ditto');
  });
  afterAll(() => t.close());

  const detail = async (id: number): Promise<PatternDetail> =>
    (await t.app.inject({ url: `/api/patterns/${id}`, headers: owner.auth })).json().data;
  const sizePdf = async (id: number): Promise<PatternFile> =>
    (await t.app.inject({ url: `/api/patterns/${id}/sizes`, headers: owner.auth })).json().data[0]
      .pdf;
  const thumbnailStatus = async (f: PatternFile) =>
    (
      await t.app.inject({
        url: THUMBNAIL_PATHS.thumbnail(f.id, 'small'),
        headers: owner.auth,
      })
    ).statusCode;

  it('answers with the facts, the thumbnails pending; the queued work draws them and settles the checks', async () => {
    const sizeBytes = await makePdf([PAGE.a4, PAGE.a0]);
    const res = await postSubmission(
      t,
      owner,
      submissionForm(patternData(brandId, 'PF-LATER', [['A', 'M']]), [
        ['pattern_pdf_file0', sizeBytes, 'size-m.pdf', pdf],
        ['Instruction_PDF', await makePdf([PAGE.letter]), 'instructions.pdf', pdf],
        // The same bytes as the size's PDF: stored once, drawn once, both rows settled.
        ['Yardage_PDF', sizeBytes, 'yardage.pdf', pdf],
      ]),
    );
    expect(res.statusCode).toBe(201);
    const id = res.json().data.ID as number;

    // The facts are there at once; the first pages are not drawn yet.
    let d = await detail(id);
    expect(d.thumbnailsPending).toBe(true);
    const instructions = d.files.find((f) => f.kind === 'Instruction_PDF')!;
    expect(instructions.check).toMatchObject({
      type: 'pdf',
      pageCount: 1,
      thumbnails: false,
      thumbnailsPending: true,
    });
    let size = await sizePdf(id);
    expect(size.check).toMatchObject({ pageCount: 2, thumbnails: false, thumbnailsPending: true });
    expect(await thumbnailStatus(size)).toBe(404);

    const worker = startJobWorker({
      db: t.deps.database.db,
      log: t.app.log,
      handlers: [thumbnailsJobHandler(t.deps)],
      autoStart: false,
    });
    expect(await worker.runOnce()).toBe(1);
    await worker.stop();

    d = await detail(id);
    expect(d.thumbnailsPending).toBe(false);
    for (const f of d.files.filter((f) => f.contentType === pdf)) {
      expect(f.check, f.kind).toMatchObject({ thumbnails: true });
      expect(f.check && 'thumbnailsPending' in f.check, f.kind).toBe(false);
      expect(await thumbnailStatus(f), f.kind).toBe(200);
    }
    size = await sizePdf(id);
    expect(size.check).toMatchObject({ pageCount: 2, thumbnails: true });
    expect(await thumbnailStatus(size)).toBe(200);
  }, 90_000);
});
