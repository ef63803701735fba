import { describe, expect, it } from 'vitest';
import {
  damagedPdf,
  encryptedPdf,
  imagePdf,
  makePdf,
  manyPagesPdf,
  nestedPdf,
  PAGE,
  slowToDrawPdf,
  truncatedPdf,
} from '../../test/preflight-files';
import { PDF_BUDGET, readPdfFacts, type PdfFactsResult } from './pdf-facts';

const checkOf = (r: PdfFactsResult) => {
  if (!('check' in r)) throw new Error(`refused: ${r.refusal}`);
  return r.check;
};
const names = (r: PdfFactsResult) => checkOf(r).pageSizes.map((g) => `${g.name}×${g.pages}`);

describe('PDF facts (pdf.js in a bounded worker)', () => {
  it('reads page count and named page sizes: Letter, A4, A0, mixed', async () => {
    expect(names(await readPdfFacts(await makePdf([PAGE.letter, PAGE.letter])))).toEqual([
      'US Letter×2',
    ]);
    expect(names(await readPdfFacts(await makePdf([PAGE.a4, [PAGE.a4[1], PAGE.a4[0]]])))).toEqual([
      'A4×2',
    ]); // landscape is A4 too
    expect(names(await readPdfFacts(await makePdf([PAGE.a0])))).toEqual(['A0×1']);
    const mixed = checkOf(
      await readPdfFacts(await makePdf([PAGE.a4, PAGE.a4, PAGE.letter, PAGE.copyShop, PAGE.odd])),
    );
    expect(mixed.pageCount).toBe(5);
    expect(mixed.pageSizes.map((g) => [g.name, g.pages, g.home])).toEqual([
      ['A4', 2, true],
      ['US Letter', 1, true],
      ['US copy shop 36×48 in', 1, false],
      ['247×317 mm (9.7×12.5 in)', 1, false],
    ]);
    expect(mixed.incomplete).toBeNull();
  });

  it('finds layers (optional content groups) and whether fonts are embedded', async () => {
    const layered = checkOf(
      await readPdfFacts(await makePdf([PAGE.a4], { layers: ['Size 8', 'Size 10', 'Size 12'] })),
    );
    expect(layered.layers).toBe(3);
    expect(layered.fontsEmbedded).toBe(false); // Helvetica, not embedded
    const embedded = checkOf(await readPdfFacts(await makePdf([PAGE.a4], { font: 'embedded' })));
    expect(embedded).toMatchObject({ layers: 0, fontsEmbedded: true });
    expect(
      checkOf(await readPdfFacts(await makePdf([PAGE.a4], { font: 'none' }))).fontsEmbedded,
    ).toBeNull();
  });

  it('finds print restrictions of an encrypted PDF that opens without a password', async () => {
    expect(checkOf(await readPdfFacts(encryptedPdf({ allowPrint: false }))).printRestricted).toBe(
      true,
    );
    expect(checkOf(await readPdfFacts(encryptedPdf({ allowPrint: true }))).printRestricted).toBe(
      false,
    );
    expect(checkOf(await readPdfFacts(await makePdf([PAGE.a4]))).printRestricted).toBe(false);
  });

  it('refuses a PDF that needs a password, and one that is damaged', async () => {
    expect(await readPdfFacts(encryptedPdf({ userPassword: 'secret' }))).toEqual({
      refusal: 'password',
    });
    expect(await readPdfFacts(damagedPdf())).toMatchObject({ refusal: 'damaged' });
  });

  it('answers malicious PDFs within the budget, with a finding or a refusal, and keeps working', async () => {
    for (const [name, bytes] of [
      ['deeply nested', nestedPdf()],
      ['10,000 pages', manyPagesPdf(10_000)],
      ['truncated', await truncatedPdf()],
    ] as const) {
      const t0 = performance.now();
      const r = await readPdfFacts(bytes);
      const ms = performance.now() - t0;
      expect(ms, name).toBeLessThan(PDF_BUDGET.hardMs + 2_000);
      expect('refusal' in r || 'check' in r, name).toBe(true);
      if (name === '10,000 pages') expect(checkOf(r).pageCount).toBe(10_000);
    }
    // A file that overruns a tiny budget is cut off and reported, and the next file is read by a fresh worker.
    const cut = checkOf(await readPdfFacts(manyPagesPdf(10_000), { softMs: 50_000, hardMs: 300 }));
    expect(cut.incomplete).toBe('time');
    expect(names(await readPdfFacts(await makePdf([PAGE.letter])))).toEqual(['US Letter×1']);
  }, 120_000);

  it('draws the first page for the thumbnails, and gives up on one too costly to draw, keeping the facts', async () => {
    const r = await readPdfFacts(await makePdf([PAGE.a4, PAGE.a0]), {}, { firstPage: true });
    if (!('check' in r) || !r.firstPage) throw new Error('no first page');
    expect([r.firstPage.width, r.firstPage.height]).toEqual([679, 960]); // A4 (595×842 pt) at 960 px high
    const px = r.firstPage.data;
    let ink = 0; // the page's line of text, dark on white
    for (let i = 0; i < px.length; i += 4) if (px[i] < 128 && px[i + 3] > 0) ink++;
    expect(ink).toBeGreaterThan(50);
    expect(ink).toBeLessThan(px.length / 4 / 10);
    // Not asked: not drawn.
    expect('firstPage' in (await readPdfFacts(await makePdf([PAGE.a4])))).toBe(false);

    const t0 = performance.now();
    const slow = await readPdfFacts(slowToDrawPdf(), { renderMs: 300 }, { firstPage: true });
    expect(performance.now() - t0).toBeLessThan(PDF_BUDGET.hardMs);
    expect(checkOf(slow)).toMatchObject({ pageCount: 1, incomplete: null });
    expect('firstPage' in slow && slow.firstPage).toBeFalsy();
  }, 60_000);

  it('decodes no image for the facts, and none over the cap for the thumbnail; a soft-mask bomb is stopped by the memory watch', async () => {
    /** The call's answer, how long it took and how far the process' resident memory rose. */
    const measured = async (pdf: Buffer) => {
      const start = process.memoryUsage.rss();
      let peak = start;
      const poll = setInterval(() => (peak = Math.max(peak, process.memoryUsage.rss())), 10);
      const t0 = performance.now();
      const r = await readPdfFacts(pdf, {}, { firstPage: true });
      clearInterval(poll);
      return { r, ms: performance.now() - t0, riseMb: (peak - start) / 2 ** 20 };
    };
    /** Share of the drawn page's pixels that are the image's grey (90), not the white page. */
    const grey = (r: PdfFactsResult) => {
      if (!('firstPage' in r) || !r.firstPage) throw new Error('no first page');
      const px = r.firstPage.data;
      let n = 0;
      for (let i = 0; i < px.length; i += 4) if (px[i]! < 128) n++;
      return n / (px.length / 4);
    };
    await readPdfFacts(await makePdf([PAGE.letter]), {}, { firstPage: true }); // the worker started

    // An image under the cap is drawn (it covers the page).
    const normal = await measured(imagePdf(2000, { data: 'whole' }));
    expect(checkOf(normal.r)).toMatchObject({ pageCount: 1, incomplete: null });
    expect(grey(normal.r)).toBeGreaterThan(0.9);

    // 700 bytes claiming 12,000 px square (432 MB of pixels): no fact needs it, and the thumbnail
    // leaves it out. Before the cap this took 6.5 s and 1.3 GB.
    const bomb = await measured(imagePdf(12_000));
    expect(checkOf(bomb.r)).toMatchObject({ pageCount: 1, incomplete: null });
    expect(grey(bomb.r)).toBe(0);
    expect(bomb.ms).toBeLessThan(PDF_BUDGET.renderMs);
    expect(bomb.riseMb).toBeLessThan(200);

    // pdf.js checks an image's size, not its soft mask's: that one is decoded until the process
    // has grown by the memory budget, then the worker is stopped; the facts stay, no thumbnail.
    const mask = await measured(imagePdf(12_000, { softMask: true }));
    expect(checkOf(mask.r)).toMatchObject({ pageCount: 1, incomplete: null });
    expect('firstPage' in mask.r && mask.r.firstPage).toBeFalsy();
    expect(mask.ms).toBeLessThan(PDF_BUDGET.hardMs);
    expect(mask.riseMb).toBeLessThan(PDF_BUDGET.memoryMb + 150);
    // The next file gets a fresh worker.
    expect(names(await readPdfFacts(await makePdf([PAGE.a4])))).toEqual(['A4×1']);
  }, 60_000);
});
