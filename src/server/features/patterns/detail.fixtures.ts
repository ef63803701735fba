import crypto from 'node:crypto';
import { Readable } from 'node:stream';
import { eq } from 'drizzle-orm';
import { patternFiles, patterns, sizes } from '../../db/schema/patterns';
import { brandIdBySlug, type TestApp } from '../../test/helper';
import { firstRow, rowAt } from '../../lib/rows';

/**
 * Test data for the detail, lifecycle, sizes and pieces tests: patterns seeded straight into the
 * database (and the file store), since these tests are not about the upload endpoint.
 */

/** A real one-page PDF (pdf.js renders it), built with a correct cross-reference table. */
export function tinyPdf(text = 'Pattern'): Buffer {
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 200 200] /Contents 4 0 R /Resources << /Font << /F1 5 0 R >> >> >>',
    null,
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>',
  ];
  const stream = `BT /F1 18 Tf 20 100 Td (${text.replace(/[()\\]/g, '')}) Tj ET`;
  objects[3] = `<< /Length ${stream.length} >>\nstream\n${stream}\nendstream`;
  let out = '%PDF-1.4\n';
  const offsets: number[] = [];
  objects.forEach((o, i) => {
    offsets.push(Buffer.byteLength(out));
    out += `${i + 1} 0 obj\n${o}\nendobj\n`;
  });
  const xref = Buffer.byteLength(out);
  out += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n${offsets.map((o) => `${String(o).padStart(10, '0')} 00000 n \n`).join('')}`;
  out += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(out, 'latin1');
}

/** A 1×1 PNG. */
export const tinyPng = () =>
  Buffer.from(
    'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
    'base64',
  );

export async function putObject(t: TestApp, bytes: Buffer, contentType: string): Promise<string> {
  const key = `patterns/test/${crypto.randomUUID()}`;
  await t.deps.files.put(key, Readable.from(bytes), contentType);
  return key;
}

export interface SeededPattern {
  id: number;
  code: string;
  sizeIds: number[];
  /** Storage keys of the sizes' PDFs, in size order. */
  pdfKeys: string[];
  pdfFileIds: number[];
}

let seq = 0;
const newCode = () => `T-${process.pid}-${++seq}-${crypto.randomBytes(3).toString('hex')}`;
type SeedStatus = 'draft' | 'in_review' | 'published';
/** The rows seedPattern and seedPatterns write: a complete pattern, a size, its PDF's record. */
const newPatternRow = (
  code: string,
  brandId: number,
  status: SeedStatus = 'draft',
  name?: string,
) => ({
  SFCC_Pattern_ID: code,
  Pattern_Name: name ?? `Pattern ${code}`,
  brandId,
  SFCC_Status: status,
  Price: '12.50',
  Type: 'Women Patterns',
});
const sizeRow = (patternId: number, code: string, size: string) => ({
  patternId,
  pattern_view: 'A',
  Size: size,
  VariationID: `${code}_a_${size}`.toLowerCase(),
  Pattern_Pdf_File_Name: `${size}.pdf`,
});
const sizePdfRow = (
  patternId: number,
  sizeId: number,
  size: string,
  key: string,
  bytes: Buffer,
) => ({
  patternId,
  sizeId,
  kind: 'pattern_pdf_file' as const,
  storageKey: key,
  fileName: `${size}.pdf`,
  contentType: 'application/pdf',
  byteSize: bytes.length,
});

/** A pattern with `sizes` sizes (each with a PDF unless `withPdfs` is false), complete by default. */
export async function seedPattern(
  t: TestApp,
  opts: {
    brand?: string;
    sizes?: number;
    withPdfs?: boolean;
    name?: string;
    status?: SeedStatus;
  } = {},
): Promise<SeededPattern> {
  const db = t.deps.database.db;
  const brandId = await brandIdBySlug(t, opts.brand ?? 'ditto');
  const code = newCode();
  const p = firstRow(
    await db
      .insert(patterns)
      .values(newPatternRow(code, brandId, opts.status, opts.name))
      .returning({ ID: patterns.ID }),
    'insert into patterns',
  );
  const out: SeededPattern = { id: p.ID, code, sizeIds: [], pdfKeys: [], pdfFileIds: [] };
  const sizeNames = ['S', 'M', 'L', 'XL', 'XXL', '3XL'];
  for (let i = 0; i < (opts.sizes ?? 1); i++) {
    const size = sizeNames[i] ?? `S${i}`;
    const s = firstRow(
      await db
        .insert(sizes)
        .values(sizeRow(p.ID, code, size))
        .returning({ ID: sizes.ID }),
      'insert into sizes',
    );
    out.sizeIds.push(s.ID);
    if (opts.withPdfs === false) continue;
    const bytes = tinyPdf(`Size ${size}`);
    const key = await putObject(t, bytes, 'application/pdf');
    const f = firstRow(
      await db
        .insert(patternFiles)
        .values(sizePdfRow(p.ID, s.ID, size, key, bytes))
        .returning({ id: patternFiles.id }),
      'insert into pattern files',
    );
    out.pdfKeys.push(key);
    out.pdfFileIds.push(f.id);
  }
  return out;
}

/** `N` items as a tuple when N is a literal count (`const [a, b] = await seedPatterns(t, 2)`). */
type Several<T, N extends number, R extends T[] = []> = number extends N
  ? T[]
  : R['length'] extends N
    ? R
    : Several<T, N, [...R, T]>;

/**
 * `count` patterns as `seedPattern` makes them with one size and its PDF, in three statements (for
 * tests about many patterns, where 500 made one by one cost 3 s of a file's time).
 */
export async function seedPatterns<N extends number>(
  t: TestApp,
  count: N,
  opts: { brand?: string; status?: SeedStatus } = {},
): Promise<Several<SeededPattern, N>> {
  const db = t.deps.database.db;
  const brandId = await brandIdBySlug(t, opts.brand ?? 'ditto');
  const codes = Array.from({ length: count }, newCode);
  const made = await db
    .insert(patterns)
    .values(codes.map((code) => newPatternRow(code, brandId, opts.status)))
    .returning({ ID: patterns.ID, code: patterns.SFCC_Pattern_ID });
  const sizeRows = await db
    .insert(sizes)
    .values(made.map((p) => sizeRow(p.ID, p.code, 'S')))
    .returning({ ID: sizes.ID, patternId: sizes.patternId });
  const bytes = tinyPdf('Size S');
  const keys: string[] = []; // one stored PDF each, written 50 at a time
  for (let i = 0; i < made.length; i += 50)
    keys.push(
      ...(await Promise.all(
        made.slice(i, i + 50).map(() => putObject(t, bytes, 'application/pdf')),
      )),
    );
  const sizeOf = new Map(sizeRows.map((s) => [s.patternId, s.ID]));
  const keyOf = (i: number) => rowAt(keys, i, 'a stored PDF');
  const files = await db
    .insert(patternFiles)
    .values(made.map((p, i) => sizePdfRow(p.ID, sizeOf.get(p.ID)!, 'S', keyOf(i), bytes)))
    .returning({ id: patternFiles.id, patternId: patternFiles.patternId });
  const fileOf = new Map(files.map((f) => [f.patternId, f.id]));
  // One pattern per code asked for, so `count` of them: the tuple type says so.
  return made.map((p, i) => ({
    id: p.ID,
    code: p.code,
    sizeIds: [sizeOf.get(p.ID)!],
    pdfKeys: [keyOf(i)],
    pdfFileIds: [fileOf.get(p.ID)!],
  })) as Several<SeededPattern, N>;
}

/** A pattern-level file stored and recorded. */
export async function seedFile(
  t: TestApp,
  patternId: number,
  kind: 'Main_Hero_Image' | 'Hero_Images' | 'Instruction_PDF' | 'Size_Chart' = 'Main_Hero_Image',
) {
  const isPdf = kind === 'Instruction_PDF';
  const bytes = isPdf ? tinyPdf('Instructions') : tinyPng();
  const contentType = isPdf ? 'application/pdf' : 'image/png';
  const key = await putObject(t, bytes, contentType);
  const rows = await t.deps.database.db
    .insert(patternFiles)
    .values({
      patternId,
      kind,
      storageKey: key,
      fileName: isPdf ? 'instructions.pdf' : 'hero.png',
      contentType,
      byteSize: bytes.length,
    })
    .returning({ id: patternFiles.id });
  return { id: firstRow(rows, 'insert into pattern files').id, key };
}

/** The pattern's row as stored; throws when there is none (a test that expects none catches it). */
export async function patternRow(t: TestApp, id: number) {
  const [row] = await t.deps.database.db.select().from(patterns).where(eq(patterns.ID, id));
  if (!row) throw new Error(`pattern ${id} is not in the database`);
  return row;
}

/** A multipart body for `app.inject`, built by the platform's FormData (as a browser would). */
export async function multipart(
  parts: Record<
    string,
    | string
    | { bytes: Buffer; name: string; type: string }
    | { bytes: Buffer; name: string; type: string }[]
  >,
) {
  const fd = new FormData();
  for (const [k, v] of Object.entries(parts)) {
    for (const item of Array.isArray(v) ? v : [v]) {
      if (typeof item === 'string') fd.append(k, item);
      else fd.append(k, new Blob([new Uint8Array(item.bytes)], { type: item.type }), item.name);
    }
  }
  const req = new Request('http://localhost/', { method: 'POST', body: fd });
  return {
    payload: Buffer.from(await req.arrayBuffer()),
    headers: { 'content-type': req.headers.get('content-type')! },
  };
}

export const pdfPart = (name = 'size.pdf', text = 'New') => ({
  bytes: tinyPdf(text),
  name,
  type: 'application/pdf',
});
export const pngPart = (name = 'photo.png') => ({ bytes: tinyPng(), name, type: 'image/png' });

/** A photo's check as the preflight records it (for seeded files), with or without thumbnails. */
export const photoCheck = (thumbnails: boolean) => ({
  type: 'image' as const,
  width: 1600,
  height: 1200,
  rotated: false,
  metadataRemoved: false,
  convertedFromCmyk: false,
  thumbnails,
});

/** A seeded pattern's `i`th size id, PDF key and PDF record id (a test reads what it seeded). */
export const sizeIdOf = (p: SeededPattern, i = 0) => rowAt(p.sizeIds, i, `size ${i} of ${p.code}`);
export const pdfKeyOf = (p: SeededPattern, i = 0) => rowAt(p.pdfKeys, i, `PDF ${i} of ${p.code}`);
export const pdfFileIdOf = (p: SeededPattern, i = 0) =>
  rowAt(p.pdfFileIds, i, `PDF record ${i} of ${p.code}`);
