import { Readable } from 'node:stream';
import { once } from 'node:events';
import yazl from 'yazl';
import type { FileStore } from '../../storage/file-store';
import { catalogXml, pricebookXml, type ItemPages } from './catalog-xml';
import { IMAGE_VIEW_TYPES, imageObject, imagePath } from './mapping';

/** Where the archive's content goes in Salesforce: catalog, price book and currency, category map. */
export interface ArchiveSettings {
  catalogId: string;
  pricebookId: string;
  currency: string;
  categoryMap: Record<string, string>;
}

/** Text chunks → Buffers (yazl's streams carry bytes), one Buffer per page of products. */
function bytes(chunks: AsyncIterable<string>): Readable {
  return Readable.from(
    (async function* () {
      for await (const c of chunks) if (c) yield Buffer.from(c, 'utf8');
    })(),
    { objectMode: false },
  );
}

const safe = (s: string) => s.replace(/[^A-Za-z0-9._-]/g, '_');

/**
 * The site-import archive, streamed: `<name>/catalogs/<catalog>/catalog.xml`, the price book, then
 * the images under `<name>/catalogs/<catalog>/static/default/`. Each part reads the items again in
 * pages, and the images are listed only once the price book is written, so at no point is the
 * catalogue in memory (yazl keeps one small record per entry for the zip's directory).
 */
export function buildArchive(
  files: FileStore,
  name: string,
  pages: ItemPages,
  s: ArchiveSettings,
): Readable {
  const zip = new yazl.ZipFile();
  const catalogDir = `${name}/catalogs/${safe(s.catalogId)}`;
  const output = zip.outputStream as Readable;
  const fail = (err: unknown) =>
    output.destroy(err instanceof Error ? err : new Error(String(err)));
  const catalog = bytes(catalogXml(pages, s));
  const pricebook = bytes(pricebookXml(pages, s));
  catalog.on('error', fail);
  pricebook.on('error', fail);
  zip.addReadStream(catalog, `${catalogDir}/catalog.xml`);
  zip.addReadStream(pricebook, `${name}/pricebooks/${safe(s.pricebookId)}.xml`);
  void (async () => {
    await once(pricebook, 'end');
    const added = new Set<string>();
    for await (const page of pages()) {
      for (const item of page) {
        if (item.mode !== 'upsert') continue;
        const p = item.pattern;
        for (const { kind, rendition } of IMAGE_VIEW_TYPES)
          for (const img of p.images.filter((i) => i.kind === kind)) {
            const path = `${catalogDir}/static/default/${imagePath(p.productId, img, rendition)}`;
            if (added.has(path)) continue;
            added.add(path);
            zip.addReadStreamLazy(path, { compress: false }, (cb) => {
              files.get(imageObject(img, rendition)).then(
                (stream) => cb(null, stream),
                (err: unknown) => cb(err, undefined as never),
              );
            });
          }
      }
    }
    zip.end();
  })().catch(fail);
  return output;
}
