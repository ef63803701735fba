import crypto from 'node:crypto';
import fs from 'node:fs';
import zlib from 'node:zlib';
import { createRequire } from 'node:module';
import sharp from 'sharp';
import {
  PDFDocument,
  PDFHexString,
  PDFName,
  PDFString,
  StandardFonts,
  beginText,
  endText,
  moveText,
  setFontAndSize,
  showText,
  type PDFRef,
} from 'pdf-lib';

/**
 * Generated PDFs and photos for the preflight tests and benchmark: real files made with pdf-lib,
 * sharp, or written by hand where no library writes them (encryption, deliberately broken files).
 */

/** Page sizes in PDF points. */
export const PAGE = {
  letter: [612, 792],
  a4: [595.28, 841.89],
  a0: [2383.94, 3370.39],
  copyShop: [2592, 3456],
  odd: [700, 900],
} as const satisfies Record<string, readonly [number, number]>;
type Size = readonly [number, number];

const require = createRequire(import.meta.url);
const ttfPath = () => require.resolve('pdfjs-dist/standard_fonts/LiberationSans-Regular.ttf');

/**
 * A PDF with one page per entry of `pages`. `font`: 'standard' uses Helvetica without embedding it,
 * 'embedded' embeds a TrueType font; `layers` adds optional content groups (size layers).
 */
export async function makePdf(
  pages: Size[],
  opts: { font?: 'standard' | 'embedded' | 'none'; layers?: string[]; padTo?: number } = {},
): Promise<Buffer> {
  const doc = await PDFDocument.create();
  const font = opts.font ?? 'standard';
  const helvetica = font === 'standard' ? await doc.embedFont(StandardFonts.Helvetica) : undefined;
  let embeddedRef: PDFRef | undefined;
  if (font === 'embedded') {
    const ttf = fs.readFileSync(ttfPath());
    const ctx = doc.context;
    const file = ctx.register(ctx.flateStream(ttf, { Length1: ttf.length }));
    const descriptor = ctx.register(
      ctx.obj({
        Type: 'FontDescriptor',
        FontName: 'LiberationSans',
        Flags: 32,
        FontBBox: [-200, -300, 1200, 1000],
        ItalicAngle: 0,
        Ascent: 900,
        Descent: -200,
        CapHeight: 700,
        StemV: 80,
        FontFile2: file,
      }),
    );
    embeddedRef = ctx.register(
      ctx.obj({
        Type: 'Font',
        Subtype: 'TrueType',
        BaseFont: 'LiberationSans',
        FirstChar: 32,
        LastChar: 126,
        Widths: Array(95).fill(556),
        FontDescriptor: descriptor,
        Encoding: 'WinAnsiEncoding',
      }),
    );
  }
  pages.forEach(([w, h], i) => {
    const page = doc.addPage([w, h]);
    if (helvetica)
      page.drawText(`Pattern page ${i + 1}`, { x: 36, y: 36, size: 14, font: helvetica });
    if (embeddedRef) {
      page.node.setFontDictionary(PDFName.of('F9'), embeddedRef);
      page.pushOperators(
        beginText(),
        setFontAndSize('F9', 14),
        moveText(36, 36),
        showText(PDFHexString.fromText(`Pattern page ${i + 1}`)),
        endText(),
      );
    }
  });
  if (opts.layers?.length) {
    const ctx = doc.context;
    const ocgs = opts.layers.map((name) =>
      ctx.register(ctx.obj({ Type: 'OCG', Name: PDFString.of(name) })),
    );
    doc.catalog.set(
      PDFName.of('OCProperties'),
      ctx.obj({ OCGs: ocgs, D: ctx.obj({ Order: ocgs, ON: ocgs }) }),
    );
  }
  let bytes = Buffer.from(await doc.save({ useObjectStreams: false }));
  // A comment after %%EOF keeps the file valid; it brings a test file to a wanted size.
  if (opts.padTo && bytes.length < opts.padTo)
    bytes = Buffer.concat([
      bytes,
      Buffer.from(`%${'x'.repeat(opts.padTo - bytes.length - 2)}\n`, 'latin1'),
    ]);
  return bytes;
}

/**
 * A big pattern: `pages` pages of vector lines (what a pattern sheet is), about `targetBytes` in all.
 * @public used by scripts/bench/bench-preflight.mjs
 */
export async function makeBigPdf(pages: number, targetBytes: number): Promise<Buffer> {
  const doc = await PDFDocument.create();
  const helvetica = await doc.embedFont(StandardFonts.Helvetica);
  const perPage = Math.floor(targetBytes / pages / 24);
  const rand = mulberry(7);
  for (let i = 0; i < pages; i++) {
    const page = doc.addPage(i === 0 ? [...PAGE.letter] : i % 2 ? [...PAGE.a4] : [...PAGE.letter]);
    const ops: string[] = [];
    for (let j = 0; j < perPage; j++)
      ops.push(`${(rand() * 600).toFixed(2)} ${(rand() * 800).toFixed(2)} l`);
    const stream = doc.context.stream(`0.5 w 10 10 m ${ops.join(' ')} S`);
    page.node.addContentStream(doc.context.register(stream));
    page.drawText(`Sheet ${i + 1}`, { x: 36, y: 36, size: 10, font: helvetica });
  }
  return Buffer.from(await doc.save({ useObjectStreams: false }));
}

function mulberry(seed: number) {
  return () => {
    seed = (seed + 0x6d2b79f5) | 0;
    let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** Objects 1…n written with a cross-reference table; object 1 is the catalog. */
export function rawPdf(
  objects: (string | { dict: string; stream: Buffer })[],
  trailerExtra = '',
): Buffer {
  const header = Buffer.from('%PDF-1.4\n%\xe2\xe3\xcf\xd3\n', 'latin1');
  const parts: Buffer[] = [header];
  let offset = header.length;
  const offsets: number[] = [];
  objects.forEach((o, i) => {
    offsets.push(offset);
    const body =
      typeof o === 'string'
        ? Buffer.from(`${i + 1} 0 obj\n${o}\nendobj\n`, 'latin1')
        : Buffer.concat([
            Buffer.from(
              `${i + 1} 0 obj\n${o.dict.replace('>>', ` /Length ${o.stream.length}>>`)}\nstream\n`,
              'latin1',
            ),
            o.stream,
            Buffer.from('\nendstream\nendobj\n', 'latin1'),
          ]);
    parts.push(body);
    offset += body.length;
  });
  const xref = [
    `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`,
    ...offsets.map((o) => `${String(o).padStart(10, '0')} 00000 n \n`),
  ].join('');
  parts.push(
    Buffer.from(
      `${xref}trailer\n<</Size ${objects.length + 1} /Root 1 0 R ${trailerExtra}>>\nstartxref\n${offset}\n%%EOF\n`,
      'latin1',
    ),
  );
  return Buffer.concat(parts);
}

function rc4(key: Buffer, data: Buffer): Buffer {
  const s = Array.from({ length: 256 }, (_, i) => i);
  const at = (n: number) => s[n & 255]!; // 256 entries, read & 255
  const swap = (a: number, b: number) => {
    const t = at(a);
    s[a] = at(b);
    s[b] = t;
  };
  let j = 0;
  for (let i = 0; i < 256; i++) {
    j = (j + at(i) + key.readUInt8(i % key.length)) & 255;
    swap(i, j);
  }
  const out = Buffer.alloc(data.length);
  let i = 0;
  j = 0;
  for (const [k, byte] of data.entries()) {
    i = (i + 1) & 255;
    j = (j + at(i)) & 255;
    swap(i, j);
    out[k] = byte ^ at(at(i) + at(j));
  }
  return out;
}

const PADDING = Buffer.from(
  '28BF4E5E4E758A4164004E56FFFA01082E2E00B6D0683E802F0CA9FE6453697A',
  'hex',
);
const pad = (pw: string) => Buffer.concat([Buffer.from(pw, 'latin1'), PADDING]).subarray(0, 32);
const md5 = (...b: Buffer[]) => crypto.createHash('md5').update(Buffer.concat(b)).digest();

/**
 * A one-page Letter PDF encrypted with the standard security handler (RC4, revision 2). With a
 * user password it cannot be opened without it; with an empty one it opens, and `allowPrint:
 * false` restricts printing (the owner password guards the permissions).
 */
export function encryptedPdf(opts: { userPassword?: string; allowPrint?: boolean } = {}): Buffer {
  const user = opts.userPassword ?? '';
  const P = opts.allowPrint === false ? -4 & ~4 : -4;
  const id = crypto.randomBytes(16);
  const O = rc4(md5(pad('owner-secret')).subarray(0, 5), pad(user));
  const pBytes = Buffer.alloc(4);
  pBytes.writeInt32LE(P);
  const key = md5(pad(user), O, pBytes, id).subarray(0, 5);
  const U = rc4(key, PADDING);
  const objKey = (num: number) =>
    md5(key, Buffer.from([num & 255, (num >> 8) & 255, (num >> 16) & 255, 0, 0])).subarray(0, 10);
  const content = rc4(
    objKey(4),
    Buffer.from('BT /F1 14 Tf 36 36 Td (Locked pattern) Tj ET', 'latin1'),
  );
  return rawPdf(
    [
      '<</Type/Catalog/Pages 2 0 R>>',
      '<</Type/Pages/Kids[3 0 R]/Count 1>>',
      '<</Type/Page/Parent 2 0 R/MediaBox[0 0 612 792]/Contents 4 0 R/Resources<</Font<</F1 5 0 R>>>>>>',
      { dict: '<<>>', stream: content },
      '<</Type/Font/Subtype/Type1/BaseFont/Helvetica>>',
      `<</Filter/Standard/V 1/R 2/O<${O.toString('hex')}>/U<${U.toString('hex')}>/P ${P}>>`,
    ],
    `/Encrypt 6 0 R /ID[<${id.toString('hex')}><${id.toString('hex')}>]`,
  );
}

/** Starts like a PDF, then noise: nothing in it can be read. */
export function damagedPdf(): Buffer {
  return Buffer.concat([Buffer.from('%PDF-1.7\n', 'latin1'), crypto.randomBytes(6000)]);
}

/** A valid PDF cut off part-way (an interrupted export). */
export async function truncatedPdf(): Promise<Buffer> {
  const full = await makePdf(Array(40).fill(PAGE.a4));
  return full.subarray(0, Math.floor(full.length * 0.6));
}

/** A page whose resources nest arrays `depth` deep (aims at a recursive parser's stack). */
export function nestedPdf(depth = 100_000): Buffer {
  return rawPdf([
    '<</Type/Catalog/Pages 2 0 R>>',
    '<</Type/Pages/Kids[3 0 R]/Count 1>>',
    `<</Type/Page/Parent 2 0 R/MediaBox[0 0 612 792]/Resources<</X ${'['.repeat(depth)}${']'.repeat(depth)}>>/Contents 4 0 R>>`,
    { dict: '<<>>', stream: Buffer.from('0 0 m 100 100 l S') },
  ]);
}

/** `count` Letter pages sharing one content stream (small file, huge page count). */
export function manyPagesPdf(count = 10_000): Buffer {
  const first = 4;
  const kids = Array.from({ length: count }, (_, i) => `${first + i} 0 R`).join(' ');
  return rawPdf([
    '<</Type/Catalog/Pages 2 0 R>>',
    `<</Type/Pages/Kids[${kids}]/Count ${count}/MediaBox[0 0 612 792]>>`,
    { dict: '<<>>', stream: Buffer.from('0 0 m 100 100 l S') },
    ...Array.from({ length: count }, () => '<</Type/Page/Parent 2 0 R/Contents 3 0 R>>'),
  ]);
}

/**
 * A valid one-page PDF whose page is slow to draw: `groups` full-page transparency groups blended
 * one over another, in a small stream (read in milliseconds; drawing each costs a full-page
 * offscreen canvas, far more than the thumbnail's budget in all).
 */
export function slowToDrawPdf(groups = 300): Buffer {
  return rawPdf([
    '<</Type/Catalog/Pages 2 0 R>>',
    '<</Type/Pages/Kids[3 0 R]/Count 1>>',
    '<</Type/Page/Parent 2 0 R/MediaBox[0 0 612 792]/Contents 4 0 R/Resources<</XObject<</G 5 0 R>>/ExtGState<</B<</BM/Multiply/CA 0.5/ca 0.5>>>>>>>>',
    {
      dict: '<</Filter/FlateDecode>>',
      stream: zlib.deflateSync(Buffer.from(Array(groups).fill('/B gs /G Do').join('\n'))),
    },
    {
      dict: '<</Type/XObject/Subtype/Form/BBox[0 0 612 792]/Group<</S/Transparency/K true>>>>',
      stream: Buffer.from('0.5 g 0 0 612 792 re f'),
    },
  ]);
}

/**
 * A Letter page covered by one grey image (value 90) of `side`×`side` px. `data: 'whole'` writes
 * all its pixels (deflated: a few KB per megapixel); `'claimed'` writes 4 KB and lets the header
 * claim the rest (an image bomb: a reader that trusts the header decodes side² pixels). With
 * `softMask` the image is 10×10 px and its soft mask (transparency) is the one of `side`×`side`.
 */
export function imagePdf(
  side: number,
  opts: { data?: 'whole' | 'claimed'; softMask?: boolean } = {},
): Buffer {
  const deflated = (bytes: number) =>
    zlib.deflateSync(Buffer.alloc(opts.data === 'whole' ? bytes : Math.min(bytes, 4096), 90));
  const page = [
    '<</Type/Catalog/Pages 2 0 R>>',
    '<</Type/Pages/Kids[3 0 R]/Count 1>>',
    '<</Type/Page/Parent 2 0 R/MediaBox[0 0 612 792]/Contents 4 0 R/Resources<</XObject<</Im 5 0 R>>>>>>',
    { dict: '<<>>', stream: Buffer.from('q 612 0 0 792 0 0 cm /Im Do Q') },
  ];
  const image = (w: number, extra = '', cs = 'DeviceRGB', comps = 3) => ({
    dict: `<</Type/XObject/Subtype/Image/Width ${w}/Height ${w}/ColorSpace/${cs}/BitsPerComponent 8/Filter/FlateDecode${extra}>>`,
    stream: deflated(w * w * comps),
  });
  if (opts.softMask)
    return rawPdf([...page, image(10, '/SMask 6 0 R'), image(side, '', 'DeviceGray', 1)]);
  return rawPdf([...page, image(side)]);
}

/**
 * The soft-mask bomb of the second security review (issue 33): a Letter page with a 10×10 px image
 * whose soft mask claims `side`×`side` px and holds them all, zeros deflated (about 875 KB at
 * 30,000 px: 900 MB decoded). pdf.js checks an image's size against `maxImageSize`, not its soft
 * mask's. Deflated a megabyte at a time, so the zeros are never held here.
 */
export async function softMaskBombPdf(side = 30_000): Promise<Buffer> {
  const deflate = zlib.createDeflate({ level: 9 });
  const out: Buffer[] = [];
  deflate.on('data', (c: Buffer) => out.push(c));
  const done = new Promise((resolve, reject) => deflate.on('end', resolve).on('error', reject));
  const zeros = Buffer.alloc(1024 * 1024);
  for (let left = side * side; left > 0; left -= zeros.length) {
    const chunk = left >= zeros.length ? zeros : zeros.subarray(0, left);
    if (!deflate.write(chunk)) await new Promise((r) => deflate.once('drain', r));
  }
  deflate.end();
  await done;
  const image = (w: number, extra: string, cs: string, stream: Buffer) => ({
    dict: `<</Type/XObject/Subtype/Image/Width ${w}/Height ${w}/ColorSpace/${cs}/BitsPerComponent 8/Filter/FlateDecode${extra}>>`,
    stream,
  });
  return rawPdf([
    '<</Type/Catalog/Pages 2 0 R>>',
    '<</Type/Pages/Kids[3 0 R]/Count 1>>',
    '<</Type/Page/Parent 2 0 R/MediaBox[0 0 612 792]/Contents 4 0 R/Resources<</XObject<</Im 5 0 R>>>>>>',
    { dict: '<<>>', stream: Buffer.from('q 612 0 0 792 0 0 cm /Im Do Q') },
    image(10, '/SMask 6 0 R', 'DeviceRGB', zlib.deflateSync(Buffer.alloc(300, 90))),
    image(side, '', 'DeviceGray', Buffer.concat(out)),
  ]);
}

/**
 * A photo made by sharp: a gradient (so it does not compress to nothing), as JPEG unless `png`.
 * `cmyk` writes a CMYK JPEG; `orientation` sets the EXIF tag (6 = turned 90° clockwise to view);
 * `gps` adds a GPS position and a camera model.
 */
export async function makePhoto(
  opts: {
    width?: number;
    height?: number;
    png?: boolean;
    cmyk?: boolean;
    orientation?: number;
    gps?: boolean;
    noise?: boolean;
  } = {},
): Promise<Buffer> {
  const width = opts.width ?? 1600;
  const height = opts.height ?? 1200;
  const raw = Buffer.alloc(width * height * 3);
  const rand = mulberry(11);
  for (let y = 0; y < height; y++)
    for (let x = 0; x < width; x++) {
      const o = (y * width + x) * 3;
      const n = opts.noise ? rand() * 60 : 0;
      raw[o] = (x * 255) / width - n;
      raw[o + 1] = (y * 255) / height + n;
      raw[o + 2] = 128 + n;
    }
  let img = sharp(raw, { raw: { width, height, channels: 3 } });
  if (opts.png) return img.png().toBuffer();
  if (opts.cmyk) img = img.toColourspace('cmyk');
  if (opts.orientation) img = img.withMetadata({ orientation: opts.orientation });
  if (opts.gps)
    img = img.withExif({
      IFD0: { Model: 'Test Camera 1' },
      IFD3: {
        GPSLatitudeRef: 'N',
        GPSLatitude: '51/1 30/1 0/1',
        GPSLongitudeRef: 'W',
        GPSLongitude: '0/1 7/1 0/1',
      },
    });
  return img.jpeg({ quality: 92 }).toBuffer();
}
