// What the main hero thumbnail costs the list (issue 17: p99 within 10 %): 100,000 patterns in
// PGlite, each with a main hero photo row and its check, and the page query of 100 rows read three
// ways, interleaved (the order turns every sample) so that a shared machine's load falls on all
// alike: without the hero; with the per-row lookup the list used before migration 0010 (a probe
// of pattern_files and file_checks per row); with the column the triggers keep (list.repo today).
// The whole list call (bench-list.mjs) does more than this query, so its share is smaller.
//   node scripts/bench/bench-list-hero.mjs [--rows=N] [--samples=N per block] [--blocks=N]
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { tsImport } from 'tsx/esm/api';
import { seedHeroFiles } from './seed-patterns.mjs';

const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), '../..');
const arg = (name) => process.argv.find((a) => a.startsWith(`--${name}=`))?.split('=')[1];
const ROWS = Number(arg('rows') || 100_000);
const SAMPLES = Number(arg('samples') || 400);
const BLOCKS = Number(arg('blocks') || 5);
const mod = (p) => tsImport(path.join(root, p), import.meta.url);
const { parseEnv } = await mod('src/server/config/env.ts');
const { createDeps } = await mod('src/server/deps.ts');
const { seedBrands } = await mod('src/server/features/brands/brands.service.ts');
const { rowsByIds } = await mod('src/server/features/pattern-list/list.repo.ts');
const { patterns, patternFiles } = await mod('src/server/db/schema/patterns.ts');
const { fileChecks } = await mod('src/server/db/schema/preflight.ts');
const { brands } = await mod('src/server/db/schema/brands.ts');
const { sql, eq, inArray } = await import('drizzle-orm');
const silent = (await import('pino')).default({ level: 'silent' });

const pct = (xs, p) =>
  [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor((xs.length * p) / 100))];
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'ppp-bench-hero-'));
try {
  const deps = await createDeps(parseEnv({ DATA_DIR: dataDir, LOG_LEVEL: 'silent' }), silent);
  const db = deps.database.db;
  await seedBrands(db);
  const t0 = performance.now();
  await db.execute(
    sql.raw(`insert into patterns ("SFCC_Pattern_ID","Pattern_Name",brand_id,"SFCC_Status",updated_at)
      select 'PP-' || lpad(i::text, 7, '0'), 'Pattern ' || i, (select min(id) from brands) + i % 5, 'draft', now() - make_interval(secs => i)
      from generate_series(1, ${ROWS}) i`),
  );
  // Every pattern has a main hero with a check (the lookup always finds one), and a PDF (more rows to skip).
  await seedHeroFiles(db);
  console.log(
    `Seeded ${ROWS.toLocaleString('en-US')} patterns, each with a main hero and a PDF, in ${((performance.now() - t0) / 1000).toFixed(1)} s.`,
  );

  // The same columns as list.repo's rowsByIds, less the hero (or with the lookup it used before 0010).
  const p = patterns;
  const cols = {
    ID: p.ID,
    SFCC_Pattern_ID: p.SFCC_Pattern_ID,
    Pattern_Name: p.Pattern_Name,
    brandId: p.brandId,
    brandName: brands.name,
    Type: p.Type,
    Gender: p.Gender,
    Price: p.Price,
    Fabric_type: p.Fabric_type,
    Is_Printable: p.Is_Printable,
    SFCC_Status: p.SFCC_Status,
    editStatus: p.editStatus,
    IS_SFCC_TESTING: p.IS_SFCC_TESTING,
    updatedAt: p.updatedAt,
  };
  const subquery = sql`(select f.id from ${patternFiles} f inner join ${fileChecks} c on c.file_id = f.id where f.pattern_id = ${patterns.ID} and f.kind = 'Main_Hero_Image' order by f.id desc limit 1)`;
  const page = async (offset) =>
    (
      await db.execute(
        sql`select "ID" as id from patterns order by updated_at desc, "ID" desc offset ${offset} limit 100`,
      )
    ).rows.map((r) => Number(r.id));
  // Each read as rowsByIds does it: one statement, then the rows put in the order of the ids.
  const read = (columns) => async (ids) => {
    const rows = await db
      .select(columns)
      .from(patterns)
      .innerJoin(brands, eq(brands.id, patterns.brandId))
      .where(inArray(patterns.ID, ids));
    const byId = new Map(rows.map((r) => [r.ID, r]));
    return ids.flatMap((id) => byId.get(id) ?? []);
  };
  const runs = {
    without: read(cols),
    lookup: read({ ...cols, heroFileId: subquery }),
    column: read({ ...cols, heroFileId: patterns.heroFileId }),
  };
  // The column read is list.repo's own: same rows, same heroes.
  const check = await page(500);
  if (JSON.stringify(await rowsByIds(db, check)) !== JSON.stringify(await runs.column(check)))
    throw new Error('the column read is not what rowsByIds reads');
  if (
    JSON.stringify((await runs.lookup(check)).map((r) => r.heroFileId)) !==
    JSON.stringify((await runs.column(check)).map((r) => r.heroFileId))
  )
    throw new Error('the column and the lookup disagree');
  const names = Object.keys(runs);
  const times = Object.fromEntries(names.map((n) => [n, []]));
  for (let i = 0; i < 20; i++) {
    const ids = await page(i * 100);
    for (const n of names) await runs[n](ids);
  }
  // BLOCKS blocks of SAMPLES samples: a shared machine's spikes land in one block or another, so
  // the median of the blocks' p99 says more than the p99 of all samples together.
  const blockP99 = Object.fromEntries(names.map((n) => [n, []]));
  for (let b = 0; b < BLOCKS; b++) {
    const block = Object.fromEntries(names.map((n) => [n, []]));
    for (let i = 0; i < SAMPLES; i++) {
      const ids = await page(Math.floor(Math.random() * (ROWS / 100 - 1)) * 100);
      for (let k = 0; k < names.length; k++) {
        const n = names[(i + k) % names.length];
        const t = performance.now();
        const rows = await runs[n](ids);
        block[n].push(performance.now() - t);
        if (n !== 'without' && rows.filter((r) => r.heroFileId).length !== ids.length)
          throw new Error(`a row lost its hero (${n})`);
      }
    }
    for (const n of names) {
      times[n].push(...block[n]);
      blockP99[n].push(pct(block[n], 99));
    }
  }
  const label = {
    without: 'page rows (100), without the hero',
    lookup: 'with the hero, per-row lookup (before 0010)',
    column: 'with the hero, column (after 0010)',
  };
  const median = (xs) => pct(xs, 50);
  const base = median(blockP99.without);
  console.table(
    names.map((n) => ({
      query: label[n],
      'p50 ms': pct(times[n], 50).toFixed(2),
      'p90 ms': pct(times[n], 90).toFixed(2),
      'p99 ms (all)': pct(times[n], 99).toFixed(2),
      [`p99 ms per block (${BLOCKS})`]: blockP99[n].map((x) => x.toFixed(1)).join(' '),
      'median p99': median(blockP99[n]).toFixed(2),
      'vs without': `${(((median(blockP99[n]) - base) / base) * 100).toFixed(1)} %`,
    })),
  );
  await deps.closeAll();
} finally {
  fs.rmSync(dataDir, { recursive: true, force: true });
}
