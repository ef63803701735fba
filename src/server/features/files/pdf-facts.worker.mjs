// Reads the facts of PDFs, one at a time, with pdf.js (legacy Node build) inside a worker thread,
// so that a malicious file can only exhaust this worker: the parent bounds its heap and terminates
// it at the time budget (pdf-facts.ts). Plain JavaScript so that it runs as is under vitest, tsx
// and the bundle (scripts/build.mjs copies it next to the server bundle).
import { parentPort } from 'node:worker_threads';
import { getDocument, PasswordResponses, PermissionFlag } from 'pdfjs-dist/legacy/build/pdf.mjs';

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

parentPort.on('message', (job) => {
  facts(job).then(
    (r) => parentPort.postMessage(r),
    (err) =>
      parentPort.postMessage({
        refusal: 'damaged',
        detail: String(err?.message ?? err).slice(0, 200),
      }),
  );
});
