// Storefront archive build (docs/storefront.md): 100,000 patterns with 5 sizes each written as a
// Salesforce site-import zip (catalog.xml + price book), streamed to a file, with the time taken
// and the process's peak RSS. The pages come from a generator (no database): this measures the
// XML writers and the zip stream, the part whose memory must not grow with the catalogue.
// STOREFRONT_BENCH_PATTERNS overrides the count.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { tsImport } from 'tsx/esm/api';

const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), '..');
const { buildArchive } = await tsImport(
  path.join(root, 'src/server/features/storefront/archive.ts'),
  import.meta.url,
);
const N = Number(process.env.STOREFRONT_BENCH_PATTERNS ?? 100_000);
const PAGE = 500;
const SIZES = ['XS', 'S', 'M', 'L', 'XL'];

function pattern(n) {
  return {
    ID: n,
    productId: `M${String(n).padStart(7, '0')}`,
    name: `Wrap dress no. ${n} & friends`,
    brandName: 'McCall’s',
    description: 'A wrap dress with a shawl collar, side ties and a flared skirt. '.repeat(4),
    details: 'Fitted bodice, mid-calf length.',
    price: '14.99',
    fields: {
      Type: 'Women Patterns',
      Gender: 'Female',
      Fabric_type: 'Woven',
      Notion: 'Buttons',
      Is_Printable: 'Yes',
      is_Subscribable: 'No',
      Suitable_For: 'Beginners',
      Pattern_Fit: 'Loose',
      Fabric_Recommendation: 'Linen, cotton lawn',
    },
    sizes: SIZES.map((size, i) => ({
      variationId: `M${n}_a_${size}`.toLowerCase(),
      view: 'A',
      size,
      pdf: { fileId: n * 10 + i, sha256: 'ab'.repeat(32) },
    })),
    images: [],
  };
}
const pages = async function* () {
  for (let start = 1; start <= N; start += PAGE) {
    const page = [];
    for (let n = start; n < Math.min(N + 1, start + PAGE); n++)
      page.push({ mode: 'upsert', pattern: pattern(n) });
    yield page;
  }
};

const out = path.join(os.tmpdir(), `bench-storefront-${process.pid}.zip`);
let peak = process.memoryUsage().rss;
const sampler = setInterval(() => (peak = Math.max(peak, process.memoryUsage().rss)), 50);
const started = performance.now();
await pipeline(
  buildArchive(null, 'bench', pages, {
    catalogId: 'ppp-catalog',
    pricebookId: 'ppp-usd',
    currency: 'USD',
    categoryMap: {},
  }),
  fs.createWriteStream(out),
);
const seconds = (performance.now() - started) / 1000;
clearInterval(sampler);
peak = Math.max(peak, process.memoryUsage().rss);
const size = fs.statSync(out).size;
fs.rmSync(out, { force: true });
console.log(
  `archive build: ${N.toLocaleString('en')} patterns × ${SIZES.length} sizes in ${seconds.toFixed(1)} s, ` +
    `zip ${(size / 1e6).toFixed(1)} MB, peak RSS ${(peak / 1e6).toFixed(0)} MB`,
);
