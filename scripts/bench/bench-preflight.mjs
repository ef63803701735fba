// The upload preflight's cost (docs/preflight.md): a 5 MB, 60-page PDF read by pdf.js in its
// bounded checker process (with its first page drawn and stored as WebP thumbnails, and without: the
// difference is the thumbnail's cost), and a 10 MB photo cleaned and thumbnailed by sharp, each through the same
// function the upload calls (preflightStoredUpload) against a disk store; then the malicious PDFs of the
// tests (pdf-facts.test.ts asserts what they answer, this times them against the budget: the tests
// assert no time). Benchmarks measure; they never fail on a number.
//   node scripts/bench/bench-preflight.mjs [--runs=N]
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { tsImport } from 'tsx/esm/api';

const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), '../..');
const arg = (name) => process.argv.find((a) => a.startsWith(`--${name}=`))?.split('=')[1];
const RUNS = Number(arg('runs') || 5);
const mod = (p) => tsImport(path.join(root, p), import.meta.url);
const gen = await mod('src/server/test/preflight-files.ts');
const { diskStore } = await mod('src/server/storage/disk-store.ts');
const { preflightStoredUpload } = await mod('src/server/features/preflight/preflight.service.ts');
const { readPdfFacts, PDF_BUDGET } = await mod('src/server/features/preflight/pdf-facts.ts');
const { LIMITS } = await mod('src/shared/limits.ts');

const MB = 1024 * 1024;
const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

/** A noisy photo grown until it is just under 10 MB, as a camera JPEG is: turned by its EXIF tag and GPS-tagged, so it is cleaned (re-encoded) too. */
async function tenMegabytePhoto(camera = true) {
  let side = 3000;
  for (;;) {
    const jpeg = await gen.makePhoto({
      width: Math.round(side * 1.33),
      height: side,
      noise: true,
      ...(camera ? { orientation: 6, gps: true } : {}),
    });
    if (jpeg.length > 9 * MB || side > 6000)
      return jpeg.length <= LIMITS.imageBytes
        ? jpeg
        : gen.makePhoto({
            width: Math.round((side - 200) * 1.33),
            height: side - 200,
            noise: true,
            ...(camera ? { orientation: 6, gps: true } : {}),
          });
    side = Math.round(side * Math.sqrt((9.6 * MB) / jpeg.length));
  }
}

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'ppp-bench-preflight-'));
try {
  const store = diskStore(dir);
  // The generator's size is an estimate: a second pass corrects it to about 4.9 MB (the limit is 5 MB).
  const first = await gen.makeBigPdf(60, 4.9 * MB);
  const pdf = await gen.makeBigPdf(60, (4.9 * MB * 4.9 * MB) / first.length);
  const photo = await tenMegabytePhoto();
  const plainPhoto = await tenMegabytePhoto(false);
  console.log(
    `Machine: ${os.cpus().length} CPU(s), Node ${process.version}. ${RUNS} runs each; the first PDF run includes starting the checker process and loading pdf.js.`,
  );
  console.log(
    `PDF: ${(pdf.length / MB).toFixed(2)} MB, 60 pages. Photo: ${(photo.length / MB).toFixed(2)} MB JPEG.`,
  );

  const time = async (name, bytes, contentType, factsOnly = false) => {
    const ms = [];
    for (let i = 0; i < RUNS; i++) {
      const key = `patterns/bench/${name}-${i}`;
      await store.put(key, Readable.from([bytes]), contentType);
      const t0 = performance.now();
      const r = factsOnly
        ? await readPdfFacts(bytes)
        : await preflightStoredUpload(store, { key, fileName: name, contentType }, 'file');
      ms.push(performance.now() - t0);
      if (i === 0) console.log(`  ${name}: ${JSON.stringify(r.check).slice(0, 160)}…`);
    }
    return {
      file: name,
      'first (ms)': ms[0].toFixed(0),
      'median (ms)': median(ms.slice(1).length ? ms.slice(1) : ms).toFixed(0),
      'max (ms)': Math.max(...ms).toFixed(0),
    };
  };
  const rows = [
    await time('60-page.pdf', pdf, 'application/pdf'),
    // The same without drawing page 1 (the preflight before PDF thumbnails): the difference is their cost.
    await time('60-page.pdf (facts only)', pdf, 'application/pdf', true),
    await time('photo-10mb.jpg', photo, 'image/jpeg'),
    // Without EXIF: kept as sent, only the thumbnails are made.
    await time('photo-10mb-no-exif.jpg', plainPhoto, 'image/jpeg'),
  ];
  const meta = await (await import('sharp')).default(photo).metadata();
  console.log(
    `  photo: ${meta.width}×${meta.height} px; photo-10mb.jpg (EXIF-turned, GPS-tagged) includes applying the orientation, removing EXIF/GPS (re-encoding), two WebP thumbnails (320 and 960 px) and storing them.`,
  );
  console.table(rows);
  console.log(
    `  First page drawn (960 px) and stored as two WebP thumbnails: ${(rows[0]['median (ms)'] - rows[1]['median (ms)']).toFixed(0)} ms (difference of the medians).`,
  );
  // Malicious PDFs, one run each (each may end its checker, so the next starts one: included).
  const hostile = [
    ['deeply nested', gen.nestedPdf()],
    ['10,000 pages', gen.manyPagesPdf(10_000)],
    ['truncated', await gen.truncatedPdf()],
    ['slow to draw (3,000 groups)', gen.slowToDrawPdf(3000)],
    ['12,000 px image claimed', gen.imagePdf(12_000)],
    ['12,000 px soft mask claimed', gen.imagePdf(12_000, { softMask: true })],
    ['30,000 px soft mask of zeros (875 KB)', await gen.softMaskBombPdf()],
  ];
  const answers = [];
  for (const [name, bytes] of hostile) {
    const t0 = performance.now();
    const r = await readPdfFacts(bytes, {}, { firstPage: true });
    const ms = performance.now() - t0;
    answers.push({
      file: name,
      answer:
        'refusal' in r
          ? `refused: ${r.refusal}`
          : `${r.check.pageCount} page(s), incomplete ${r.check.incomplete}, ${r.firstPage ? 'drawn' : 'not drawn'}`,
      'ms (drawing included)': ms.toFixed(0),
      'within the hard limit': ms <= PDF_BUDGET.hardMs ? 'yes' : 'NO',
    });
  }
  console.log(
    `Malicious PDFs (budget: ${PDF_BUDGET.softMs / 1000} s of reading, ${PDF_BUDGET.renderMs / 1000} s of drawing, killed at ${PDF_BUDGET.hardMs / 1000} s or ${PDF_BUDGET.memoryMb} MB):`,
  );
  console.table(answers);
  console.log(
    `Load average while measuring: ${os
      .loadavg()
      .map((l) => l.toFixed(1))
      .join(', ')}`,
  );
} finally {
  fs.rmSync(dir, { recursive: true, force: true });
}
