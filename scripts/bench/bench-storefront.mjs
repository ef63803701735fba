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

const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), '../..');
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

// Delivery of 500 publishes (docs/storefront.md, Delivery): a portal process (the server bundle
// `npm start` runs, embedded database) whose production target is the Salesforce stand-in
// (src/server/test/sfcc-standin.ts: WebDAV, token endpoint, the Data API's import job, which
// validates every file with xmllint against SFCC_SCHEMAS). 500 patterns are created and sent to
// review through the API, then published together inside one batch window; printed: the archives
// (imports) production received, whether each product arrived exactly once, and the seconds from
// the first publish until My Patterns shows every one "Live". Needs SFCC_SCHEMAS and xmllint
// (skipped with the reason otherwise). STOREFRONT_BENCH_PUBLISHES and _BATCH_SECONDS override.
const { sfccSchemas } = await tsImport(
  path.join(root, 'src/server/test/sfcc-schemas.ts'),
  import.meta.url,
);
const schemas = sfccSchemas();
if (!schemas.dir) {
  console.log(`delivery of publishes: skipped (${schemas.reason})`);
} else {
  await benchDelivery(schemas.dir);
}

async function benchDelivery(schemasDir) {
  const mod = (p) => tsImport(path.join(root, p), import.meta.url);
  const { startStandin } = await mod('src/server/test/sfcc-standin.ts');
  const { bundlePortal, startPortal } = await mod('src/server/test/portal-process.ts');
  const { patternData, sizePdfParts, submissionForm } = await mod('src/server/test/submission.ts');
  const COUNT = Number(process.env.STOREFRONT_BENCH_PUBLISHES ?? 500);
  const BATCH = process.env.STOREFRONT_BENCH_BATCH_SECONDS ?? '10';
  const admin = { email: 'bench-admin@example.com', password: 'Bench-admin-pass1' };
  const production = await startStandin(schemasDir);
  const bundle = await bundlePortal();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-storefront-delivery-'));
  const portal = await startPortal(bundle.entry, {
    ...production.env('PRODUCTION'),
    STOREFRONT_ALLOW_PRIVATE: 'true',
    STOREFRONT_BATCH_SECONDS: BATCH,
    STOREFRONT_POLL_MS: '200',
    DATA_DIR: dataDir,
    DATABASE_URL: '',
    ADMIN_EMAIL: admin.email,
    ADMIN_PASSWORD: admin.password,
  });
  try {
    const login = await (
      await fetch(`${portal.url}/api/auth/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(admin),
      })
    ).json();
    const auth = { authorization: `Bearer ${login.token}` };
    const call = async (method, url, body) => {
      const res = await fetch(portal.url + url, { method, headers: auth, body });
      if (!res.ok) throw new Error(`${method} ${url}: ${res.status} ${await res.text()}`);
      return res.json();
    };
    const brands = await call('GET', '/api/brands');
    const brandId = brands.data[0].id;
    const tag = Date.now().toString(36).toUpperCase();
    const ids = [];
    const inParallel = async (items, n, fn) => {
      let next = 0;
      await Promise.all(
        Array.from({ length: n }, async () => {
          while (next < items.length) await fn(items[next++]);
        }),
      );
    };
    const seeded = performance.now();
    await inParallel(
      Array.from({ length: COUNT }, (_, i) => i),
      4,
      async (i) => {
        const created = await call(
          'POST',
          '/api/patternRecord/addPatternsRecord',
          submissionForm(
            { ...patternData(brandId, `SFB-${tag}-${i}`, [['A', 'M']]), Price: 9.99 },
            sizePdfParts(1),
          ),
        );
        ids.push(created.data.ID);
        await call('POST', `/api/patterns/${created.data.ID}/send-to-review`);
      },
    );
    const seedSeconds = (performance.now() - seeded) / 1000;
    const started = performance.now();
    await inParallel(ids, 8, (id) => call('POST', `/api/patterns/${id}/publish`));
    const publishSeconds = (performance.now() - started) / 1000;
    // Every pattern Live: My Patterns' storefront badge (admins), read page by page.
    const live = async () => {
      let n = 0;
      for (let page = 1; page <= Math.ceil(COUNT / 100); page++) {
        const list = await call('GET', `/api/patterns?search=SFB-${tag}&pageSize=100&page=${page}`);
        n += list.data.filter((r) => r.storefront === 'live').length;
      }
      return n;
    };
    for (const deadline = Date.now() + 600_000; ;) {
      if ((await live()) === COUNT) break;
      if (Date.now() > deadline) throw new Error('not every pattern became Live in 10 minutes');
      await new Promise((r) => setTimeout(r, 500));
    }
    const seconds = (performance.now() - started) / 1000;
    const products = production.imports.flatMap((i) => i.products.map((p) => p.id));
    const ours = products.filter((p) => p.startsWith(`SFB-${tag}-`));
    const once = new Set(ours).size === COUNT && ours.length === COUNT;
    console.log(
      `delivery: ${COUNT} publishes (sent in ${publishSeconds.toFixed(1)} s, batch window ${BATCH} s) → ` +
        `${production.imports.length} archive(s) (${production.imports.filter((i) => i.code === 'OK').length} imported OK), ` +
        `each product ${once ? 'exactly once' : 'NOT exactly once'}; all Live ${seconds.toFixed(1)} s after the first publish ` +
        `(seeding ${COUNT} patterns through the API took ${seedSeconds.toFixed(1)} s)`,
    );
  } finally {
    await portal.stop('SIGTERM');
    await production.close();
    bundle.remove();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}
