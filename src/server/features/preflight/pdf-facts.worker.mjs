// Reads the facts of PDFs, one at a time, with pdf.js (legacy Node build) in a checker process of
// its own, forked by pdf-facts.ts: a malicious file can only exhaust this process, which the server
// kills at the time budget or when its memory passes the budget, and whatever it took goes back to
// the system with it. Plain JavaScript so that it runs as is under vitest, tsx and the bundle
// (scripts/server-bundle.mjs copies it next to the server bundle).
// After the facts, it draws the first page (pdf.js on @napi-rs/canvas), encodes the small and medium
// WebP thumbnails here and sends them as a second message; the server keeps the facts if the drawing
// runs out of budget. Encoding here, not in the server (issue 31): the server receives a few KB
// instead of the page's 2.6 MB of pixels, and loads no image library for PDFs.
import { createRequire } from 'node:module';
import path from 'node:path';
import { getDocument, PasswordResponses, PermissionFlag } from 'pdfjs-dist/legacy/build/pdf.mjs';

// The standard 14 fonts (a PDF that does not embed Helvetica…), CMaps and image decoders shipped
// inside pdfjs-dist, so that drawing depends on no system font. pdf.js on Node reads them as files.
const pdfjsDir = path.dirname(createRequire(import.meta.url).resolve('pdfjs-dist/package.json'));
const RESOURCES = {
  standardFontDataUrl: `${pdfjsDir}/standard_fonts/`,
  cMapUrl: `${pdfjsDir}/cmaps/`,
  cMapPacked: true,
  wasmUrl: `${pdfjsDir}/wasm/`,
  iccUrl: `${pdfjsDir}/iccs/`,
};

/** Portrait size rounded to whole points: pages within a point of each other are one size. */
function pageKey(view, rotate) {
  let w = Math.abs(view[2] - view[0]);
  let h = Math.abs(view[3] - view[1]);
  if (rotate % 180 !== 0) [w, h] = [h, w];
  return `${Math.round(Math.min(w, h))}x${Math.round(Math.max(w, h))}`;
}

async function facts({ data, maxPagesRead, fontPagesRead, softBudgetMs }) {
  const started = performance.now();
  const overSoftBudget = () => performance.now() - started > softBudgetMs;
  const task = getDocument({
    data,
    isEvalSupported: false,
    disableFontFace: true,
    useSystemFonts: false,
    verbosity: 0,
    stopAtErrors: false,
    // No fact is read from an image: reading a page's fonts (its operator list) would otherwise
    // decode every image on it, at the size its header claims (a 700-byte PDF claiming 12,000 px
    // square took 1.3 GB outside the worker's heap limit). 0 skips each image before decoding.
    maxImageSize: 0,
  });
  let doc;
  try {
    doc = await task.promise;
  } catch (err) {
    void task.destroy();
    if (
      err?.name === 'PasswordException' &&
      (err.code === PasswordResponses.NEED_PASSWORD ||
        err.code === PasswordResponses.INCORRECT_PASSWORD)
    ) {
      return { refusal: 'password' };
    }
    return { refusal: 'damaged', detail: String(err?.message ?? err).slice(0, 200) };
  }
  const pageCount = doc.numPages;
  const permissions = await doc.getPermissions().catch(() => null);
  const printRestricted = Array.isArray(permissions) && !permissions.includes(PermissionFlag.PRINT);
  let layers = 0;
  try {
    const oc = await doc.getOptionalContentConfig();
    for (const _ of oc) layers++;
  } catch {
    layers = 0;
  }
  const sizes = new Map();
  let pagesRead = 0;
  let fontsEmbedded = null;
  let unreadable = 0;
  for (let i = 1; i <= Math.min(pageCount, maxPagesRead); i++) {
    if (overSoftBudget()) break;
    let page;
    try {
      page = await doc.getPage(i);
    } catch {
      unreadable++;
      continue;
    }
    pagesRead++;
    const key = pageKey(page.view, page.rotate);
    sizes.set(key, (sizes.get(key) ?? 0) + 1);
    // Fonts: loading a page's operator list loads its fonts; `missingFile` marks one that is not embedded.
    if (i <= fontPagesRead && fontsEmbedded !== false) {
      try {
        await page.getOperatorList();
        for (const [, obj] of page.commonObjs) {
          if (obj && typeof obj === 'object' && 'missingFile' in obj && !obj.isType3Font)
            fontsEmbedded = !obj.missingFile && fontsEmbedded !== false;
        }
      } catch {
        // A page whose content cannot be read says nothing about fonts.
      }
    }
    page.cleanup();
  }
  await doc.destroy();
  if (pageCount > 0 && pagesRead === 0 && unreadable > 0)
    return { refusal: 'damaged', detail: 'no page can be read' };
  return {
    facts: { pageCount, pagesRead, sizes: [...sizes], layers, fontsEmbedded, printRestricted },
  };
}

/**
 * Draws page 1 on a white canvas whose longest side is `edge` px and answers its WebP thumbnails
 * (`sizes`: name → longest side, none larger than `edge`) and the drawn size, or null when it cannot be drawn within `budgetMs` (the drawing is cancelled; one stuck inside a
 * single operation is ended by the parent's hard limit). A document of its own, opened with the
 * standard fonts: the facts' document must not have them, or a font that is not embedded would
 * look embedded (pdf.js marks only a font without any file as missing).
 */
async function firstPage({ data, edge, sizes, quality, budgetMs, maxImagePixels }) {
  const started = performance.now();
  const task = getDocument({
    data,
    isEvalSupported: false,
    disableFontFace: true,
    useSystemFonts: false,
    verbosity: 0,
    stopAtErrors: false,
    // An image larger than this is left out of the thumbnail instead of being decoded (its pixels
    // live outside the worker's heap limit); the browser's preview still draws it.
    maxImageSize: maxImagePixels,
    ...RESOURCES,
  });
  const overBudget = () => performance.now() - started > budgetMs;
  try {
    const doc = await task.promise;
    const page = await doc.getPage(1);
    const base = page.getViewport({ scale: 1 });
    if (!(base.width > 0 && base.height > 0)) return null;
    const viewport = page.getViewport({ scale: edge / Math.max(base.width, base.height) });
    const width = Math.max(1, Math.round(viewport.width));
    const height = Math.max(1, Math.round(viewport.height));
    const { canvas, context } = doc.canvasFactory.create(width, height);
    context.fillStyle = '#ffffff';
    context.fillRect(0, 0, width, height);
    if (overBudget()) return null;
    const render = page.render({ canvas, canvasContext: context, viewport, annotationMode: 0 });
    // pdf.js pauses every few milliseconds of drawing and asks whether to go on (it schedules itself
    // with microtasks, so a timer would never fire in between): stop there once over the budget.
    render.onContinue = (next) => (overBudget() ? render.cancel() : setImmediate(next));
    await render.promise;
    const thumbnails = {};
    for (const [name, side] of Object.entries(sizes)) {
      const scale = Math.min(1, side / Math.max(width, height));
      let target = canvas;
      if (scale < 1) {
        const w = Math.max(1, Math.round(width * scale));
        const h = Math.max(1, Math.round(height * scale));
        const small = doc.canvasFactory.create(w, h);
        small.context.imageSmoothingQuality = 'high';
        small.context.drawImage(canvas, 0, 0, w, h);
        target = small.canvas;
      }
      thumbnails[name] = new Uint8Array(await target.encode('webp', quality));
    }
    return { width, height, thumbnails };
  } catch {
    return null; // cancelled, or a page pdf.js cannot draw: no thumbnail, the facts stand
  } finally {
    await task.destroy().catch(() => undefined);
  }
}

// The server went away (stopped, or killed): so does its checker.
process.on('disconnect', () => process.exit(0));

process.on('message', async (job) => {
  // Its own copies, as Uint8Array (pdf.js refuses a Buffer, and takes over the buffer it is given).
  const data = new Uint8Array(job.data);
  const again = job.thumbnail ? new Uint8Array(job.data) : undefined;
  let r;
  try {
    r = await facts({ ...job, data });
  } catch (err) {
    r = { refusal: 'damaged', detail: String(err?.message ?? err).slice(0, 200) };
  }
  const drawing = Boolean(again && r.facts && r.facts.pageCount > 0);
  process.send({ ...r, drawing });
  if (!drawing) return;
  const page = await firstPage({ data: again, ...job.thumbnail }).catch(() => null);
  process.send({ firstPage: page });
});
