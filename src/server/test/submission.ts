import fs from 'node:fs';
import path from 'node:path';
import { PATTERN_CREATE_PATH } from '../../shared/contracts/pattern-create';
import { THUMBNAIL_SIZES } from '../../shared/contracts/preflight';
import type { TestApp, TestUser } from './helper';
import { samplePdf, samplePng, SAMPLE_JPEG } from './sample-files';

/** One file part: field name, bytes, file name, type the browser would report. */
export type FilePart = [field: string, bytes: Buffer, fileName: string, type?: string];

/** A multipart body as the web client builds it: `data` first (or last), then the files. */
export function submissionForm(
  data: unknown,
  files: FilePart[],
  opts: { dataLast?: boolean } = {},
): FormData {
  const fd = new FormData();
  const addData = () =>
    data !== undefined && fd.append('data', typeof data === 'string' ? data : JSON.stringify(data));
  if (!opts.dataLast) addData();
  for (const [field, bytes, name, type] of files)
    fd.append(field, new Blob([new Uint8Array(bytes)], { type: type ?? '' }), name);
  if (opts.dataLast) addData();
  return fd;
}

export function patternData(
  brandId: number,
  patternId: string,
  sizes: [view: string, size: string][] = [['A', 'M']],
  extra: Record<string, unknown> = {},
) {
  return {
    SFCC_Pattern_ID: patternId,
    Pattern_Name: `Pattern ${patternId}`,
    Brand: brandId,
    Size: sizes.map(([pattern_view, Size], i) => ({
      pattern_view,
      Size,
      Pattern_Pdf_File_Name: `size-${i}.pdf`,
      Brand: brandId,
    })),
    ...extra,
  };
}

/** A PDF part for each size, as `pattern_pdf_file{i}`. */
export const sizePdfParts = (count: number, bytes = 2000): FilePart[] =>
  Array.from(
    { length: count },
    (_, i) =>
      [
        `pattern_pdf_file${i}`,
        samplePdf(bytes, `Size ${i}`),
        `size-${i}.pdf`,
        'application/pdf',
      ] as FilePart,
  );

/** Every named file kind once, and two hero images. */
export function namedFileParts(): FilePart[] {
  return [
    ['Instruction_PDF', samplePdf(3000, 'Instructions'), 'instructions.pdf', 'application/pdf'],
    ['Yardage_PDF', samplePdf(2500, 'Yardage'), 'yardage.pdf', 'application/pdf'],
    ['Main_Hero_Image', samplePng(40, 30, [200, 10, 10]), 'main hero.png', 'image/png'],
    ['Hero_Images', samplePng(20, 20, [10, 200, 10]), 'hero-1.png', 'image/png'],
    ['Hero_Images', SAMPLE_JPEG, 'hero-2.jpg', 'image/jpeg'],
    ['Size_Chart', samplePng(10, 50, [10, 10, 200]), 'chart.png', 'image/png'],
    ['Yardage_Image', SAMPLE_JPEG, 'yardage.jpeg', 'image/jpeg'],
    ['Sketch_Image', samplePng(16, 16), 'sketch.png', 'image/png'],
  ];
}

export function postSubmission(
  t: TestApp,
  user: TestUser | null,
  payload: FormData | string,
  headers: Record<string, string> = {},
) {
  return t.app.inject({
    method: 'POST',
    url: PATTERN_CREATE_PATH,
    headers: { ...(user?.auth ?? {}), ...headers },
    payload,
  });
}

// A thumbnail, or its temporary while the queued drawing writes it (disk-store: `<key>.<hex>.part`).
const THUMBNAIL = new RegExp(
  `\\.(${Object.keys(THUMBNAIL_SIZES).join('|')})\\.webp(\\.[0-9a-f]+\\.part)?$`,
);

/**
 * Every object in the disk store (keys relative to DATA_DIR/files), `.part` temporaries included.
 * The preflight's thumbnails of photos and PDFs are left out unless asked for: tests of what a
 * write stores or cleans up count the files themselves.
 */
export function listObjects(t: TestApp, opts: { thumbnails?: boolean } = {}): string[] {
  const root = path.join(t.dataDir, 'files');
  const out: string[] = [];
  const walk = (d: string) => {
    if (!fs.existsSync(d)) return;
    for (const e of fs.readdirSync(d, { withFileTypes: true })) {
      const p = path.join(d, e.name);
      if (e.isDirectory()) walk(p);
      else out.push(path.relative(root, p).split(path.sep).join('/'));
    }
  };
  walk(root);
  return (opts.thumbnails ? out : out.filter((k) => !THUMBNAIL.test(k))).sort();
}

export const readObject = (t: TestApp, key: string) =>
  fs.readFileSync(path.join(t.dataDir, 'files', key));

/**
 * Waits (bounded) until `check` holds; for effects that finish after a response or a disconnect.
 * The bound is for a loaded machine (a storefront delivery took over 10 s at load 26): a check
 * that holds returns at once, so a long bound costs a passing test nothing.
 */
export async function eventually(
  check: () => boolean | Promise<boolean>,
  ms = 30_000,
): Promise<void> {
  const deadline = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error('condition not met in time');
    await new Promise((r) => setTimeout(r, 50));
  }
}
