import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import { fileURLToPath } from 'node:url';
import sharp from 'sharp';
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
import { childrenOf } from '../../../../scripts/portal-process.mjs';
import { PDF_BUDGET, PDF_CHECKERS, readPdfFacts, type PdfFactsResult } from './pdf-facts';

/**
 * This process's PDF checkers: its children running the checker script. Test files share a worker
 * process, so other children (a process another file's test started and is still ending) are not counted.
 */
const checkers = () =>
  childrenOf(process.pid).filter((pid: number) => {
    try {
      return fs.readFileSync(`/proc/${pid}/cmdline`, 'utf8').includes('pdf-facts.worker');
    } catch {
      return false; // gone meanwhile
    }
  });

const checkOf = (r: PdfFactsResult) => {
  if (!('check' in r)) throw new Error(`refused: ${r.refusal}`);
  return r.check;
};
/** The medium thumbnail's pixels (RGBA), decoded from the WebP the checker made. */
async function pagePixels(r: PdfFactsResult): Promise<Uint8Array> {
  if (!('firstPage' in r) || !r.firstPage) throw new Error('no first page');
  return sharp(r.firstPage.thumbnails.medium).ensureAlpha().raw().toBuffer();
}
const names = (r: PdfFactsResult) => checkOf(r).pageSizes.map((g) => `${g.name}×${g.pages}`);

describe('PDF facts (pdf.js in a bounded checker process)', () => {
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

  // How long they take against the budget is measured by scripts/bench/bench-preflight.mjs, not asserted here.
  it('answers malicious PDFs with a finding or a refusal, and keeps working', async () => {
    for (const [name, bytes] of [
      ['deeply nested', nestedPdf()],
      ['10,000 pages', manyPagesPdf(10_000)],
      ['truncated', await truncatedPdf()],
    ] as const) {
      const r = await readPdfFacts(bytes);
      expect('refusal' in r || 'check' in r, name).toBe(true);
      if (name === '10,000 pages') expect(checkOf(r).pageCount).toBe(10_000);
    }
    // A file that overruns a tiny budget is cut off and reported, and the next file is read by a fresh checker.
    const cut = checkOf(await readPdfFacts(manyPagesPdf(10_000), { softMs: 50_000, hardMs: 300 }));
    expect(cut.incomplete).toBe('time');
    expect(names(await readPdfFacts(await makePdf([PAGE.letter])))).toEqual(['US Letter×1']);
  }, 120_000);

  it('draws the first page for the thumbnails, and gives up on one too costly to draw, keeping the facts', async () => {
    const r = await readPdfFacts(await makePdf([PAGE.a4, PAGE.a0]), {}, { firstPage: true });
    if (!('check' in r) || !r.firstPage) throw new Error('no first page');
    expect([r.firstPage.width, r.firstPage.height]).toEqual([679, 960]); // A4 (595×842 pt) at 960 px high
    // Its WebP thumbnails, made in the checker (the server receives no pixels): 960 and 320 px high.
    const sizes = await Promise.all(
      [r.firstPage.thumbnails.medium, r.firstPage.thumbnails.small].map(async (t) => {
        const m = await sharp(t).metadata();
        return [m.format, m.width, m.height];
      }),
    );
    expect(sizes).toEqual([
      ['webp', 679, 960],
      ['webp', 226, 320],
    ]);
    const px = await pagePixels(r);
    let ink = 0; // the page's line of text, dark on white
    for (let i = 0; i < px.length; i += 4) if (px[i]! < 128 && px[i + 3]! > 0) ink++;
    expect(ink).toBeGreaterThan(50);
    expect(ink).toBeLessThan(px.length / 4 / 10);
    // Not asked: not drawn.
    expect('firstPage' in (await readPdfFacts(await makePdf([PAGE.a4])))).toBe(false);

    const slow = await readPdfFacts(slowToDrawPdf(), { renderMs: 300 }, { firstPage: true });
    expect(checkOf(slow)).toMatchObject({ pageCount: 1, incomplete: null });
    expect('firstPage' in slow && slow.firstPage).toBeFalsy();
  }, 60_000);

  it('decodes no image for the facts, and none over the cap for the thumbnail; a soft-mask bomb is stopped by the memory watch', async () => {
    /** The call's answer and the checker processes' peak resident memory meanwhile (MB). */
    const measured = async (pdf: Buffer) => {
      let peak = 0;
      const poll = setInterval(() => {
        const mb = checkers().reduce((sum, pid) => sum + residentMb(pid), 0);
        peak = Math.max(peak, mb);
      }, 10);
      // The drawing's 3 s are the product's; here a loaded machine must not take the thumbnail
      // away (CI: "no first page" for the ordinary image). What is measured is memory.
      const r = await readPdfFacts(pdf, { renderMs: 30_000, hardMs: 45_000 }, { firstPage: true });
      clearInterval(poll);
      return { r, checkerMb: peak };
    };
    /** Share of the drawn page's pixels that are the image's grey (90), not the white page. */
    const grey = async (r: PdfFactsResult) => {
      const px = await pagePixels(r);
      let n = 0;
      for (let i = 0; i < px.length; i += 4) if (px[i]! < 128) n++;
      return n / (px.length / 4);
    };
    await readPdfFacts(await makePdf([PAGE.letter]), {}, { firstPage: true }); // the checker started

    // An image under the cap is drawn (it covers the page).
    const normal = await measured(imagePdf(2000, { data: 'whole' }));
    expect(checkOf(normal.r)).toMatchObject({ pageCount: 1, incomplete: null });
    expect(await grey(normal.r)).toBeGreaterThan(0.9);

    // 700 bytes claiming 12,000 px square (432 MB of pixels): no fact needs it, and the thumbnail
    // leaves it out. Before the cap this took 6.5 s and 1.3 GB.
    const bomb = await measured(imagePdf(12_000));
    expect(checkOf(bomb.r)).toMatchObject({ pageCount: 1, incomplete: null });
    expect(await grey(bomb.r)).toBe(0);
    // Without the cap the checker took 1.3 GB; with it, what the checker holds anyway (pdf.js, the
    // page's canvas: 240–385 MB seen, depending on the machine's load) and no 432 MB of pixels.
    expect(bomb.checkerMb).toBeLessThan(600);

    // pdf.js checks an image's size, not its soft mask's: that one is decoded until the checker has
    // grown past the memory budget, then it is killed; the facts stay, no thumbnail.
    const mask = await measured(imagePdf(12_000, { softMask: true }));
    expect(checkOf(mask.r)).toMatchObject({ pageCount: 1, incomplete: null });
    expect('firstPage' in mask.r && mask.r.firstPage).toBeFalsy();
    expect(mask.checkerMb).toBeLessThan(PDF_BUDGET.memoryMb + 150);
    // The next file gets a fresh checker.
    expect(names(await readPdfFacts(await makePdf([PAGE.a4])))).toEqual(['A4×1']);
  }, 60_000);

  it('runs one checker process at a time, replaced after a file that overran and after every PDF_CHECKERS.filesEach files', async () => {
    // A file cut off by the time limit ends its checker: the next one starts with no file behind it.
    await readPdfFacts(manyPagesPdf(10_000), { softMs: 50_000, hardMs: 300 });
    const a4 = await makePdf([PAGE.a4]);
    const pids: number[][] = [];
    let most = 0;
    const poll = setInterval(() => (most = Math.max(most, checkers().length)), 5);
    try {
      // Side by side, as uploads arrive: they wait for the one checker.
      const answers = await Promise.all(
        Array.from({ length: PDF_CHECKERS.filesEach + 1 }, () =>
          readPdfFacts(a4).then((r) => {
            pids.push(checkers());
            return r;
          }),
        ),
      );
      expect(answers.map(names)).toEqual(answers.map(() => ['A4×1']));
    } finally {
      clearInterval(poll);
    }
    expect(most).toBe(PDF_CHECKERS.processes);
    const [first] = pids[0]!;
    // The same checker for the first filesEach files, a new one for the next.
    expect(pids.slice(0, PDF_CHECKERS.filesEach - 1).every((p) => p[0] === first)).toBe(true);
    expect(pids.at(-1)).toHaveLength(1);
    expect(pids.at(-1)![0]).not.toBe(first);
  }, 120_000);

  it('answers a file that waited for an ended checker in a script with nothing else to keep it running', () => {
    // A benchmark or command line has no server holding the event loop: the file behind one that
    // overran waits for the killed checker's exit, which must keep the process alive meanwhile.
    const here = (p: string) => fileURLToPath(new URL(p, import.meta.url));
    const script = `
      const { readPdfFacts } = await import(${JSON.stringify(here('./pdf-facts.ts'))});
      const gen = await import(${JSON.stringify(here('../../test/preflight-files.ts'))});
      const cut = readPdfFacts(gen.manyPagesPdf(10_000), { softMs: 50_000, hardMs: 300 });
      const next = readPdfFacts(await gen.makePdf([gen.PAGE.a4]));
      console.log(JSON.stringify([(await cut).check.incomplete, (await next).check.pageCount]));`;
    const r = spawnSync(
      process.execPath,
      ['--import', 'tsx', '--input-type=module', '-e', script],
      {
        encoding: 'utf8',
      },
    );
    expect({ status: r.status, out: r.stdout.trim() }).toEqual({ status: 0, out: '["time",1]' });
  }, 60_000);
});

/** A process' resident memory (VmRSS), MB; 0 once it is gone. */
function residentMb(pid: number): number {
  try {
    return (
      Number(/VmRSS:\s+(\d+)/.exec(fs.readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1] ?? 0) / 1024
    );
  } catch {
    return 0;
  }
}
