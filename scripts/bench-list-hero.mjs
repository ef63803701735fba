// What the main hero thumbnail costs the list (issue 17: p99 within 10 %): 100,000 patterns in
// PGlite, each with a main hero photo row and its check, and the page query of 100 rows read with
// and without the hero lookup, interleaved (A, B, A, B…) so that a shared machine's load falls on
// both alike. The whole list call (bench-list.mjs) does more than this query, so its share is smaller.
//   node scripts/bench-list-hero.mjs [--rows=N] [--samples=N]
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { tsImport } from 'tsx/esm/api';

const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), '..');
const arg = (name) => process.argv.find((a) => a.startsWith(`--${name}=`))?.split('=')[1];
const ROWS = Number(arg('rows') || 100_000);
const SAMPLES = Number(arg('samples') || 400);
const mod = (p) => tsImport(path.join(root, p), import.meta.url);
const { parseEnv } = await mod('src/server/config/env.ts');
const { createDeps } = await mod('src/server/deps.ts');
const { seedBrands } = await mod('src/server/features/brands/brands.service.ts');
const { rowsByIds } = await mod('src/server/features/patterns/list.repo.ts');
const { patterns } = await mod('src/server/db/schema/patterns.ts');
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
  await db.execute(
    sql.raw(`insert into pattern_files (pattern_id, kind, storage_key, file_name, content_type, byte_size)
      select "ID", k, 'patterns/bench/' || "ID" || '-' || k, 'f', 'image/jpeg', 1000 from patterns, unnest(array['Main_Hero_Image','Instruction_PDF']) k`),
  );
  await db.execute(
    sql.raw(
      `insert into file_checks (file_id, "check") select id, '{"type":"image","width":1600,"height":1200,"thumbnails":true}'::jsonb from pattern_files where kind = 'Main_Hero_Image'`,
    ),
  );
  await db.execute(sql`vacuum analyze`);
  console.log(
    `Seeded ${ROWS.toLocaleString('en-US')} patterns, each with a main hero and a PDF, in ${((performance.now() - t0) / 1000).toFixed(1)} s.`,
  );

  const withoutHero = async (ids) => {
    // The same columns as list.repo's rowsByIds, less the hero.
    const p = patterns;
    const cols = {
      ID: p.ID,
      SFCC_Pattern_ID: p.SFCC_Pattern_ID,
      Pattern_Name: p.Pattern_Name,
      Brand: p.brandId,
      brandName: brands.name,
      Type: p.Type,
      Gender: p.Gender,
      Price: p.Price,
      Fabric_type: p.Fabric_type,
      Is_Printable: p.Is_Printable,
      SFCC_Status: p.SFCC_Status,
      IS_SFCC_TESTING: p.IS_SFCC_TESTING,
      updatedAt: p.updatedAt,
    };
    return db
      .select(cols)
      .from(patterns)
      .innerJoin(brands, eq(brands.id, patterns.brandId))
      .where(inArray(patterns.ID, ids));
  };
  const page = async (offset) =>
    (
      await db.execute(
        sql`select "ID" as id from patterns order by updated_at desc, "ID" desc offset ${offset} limit 100`,
      )
    ).rows.map((r) => Number(r.id));
  const a = [];
  const b = [];
  for (let i = 0; i < 20; i++) {
    const ids = await page(i * 100);
    await withoutHero(ids);
    await rowsByIds(db, ids);
  }
  for (let i = 0; i < SAMPLES; i++) {
    const ids = await page(Math.floor(Math.random() * (ROWS / 100 - 1)) * 100);
    const first = i % 2 === 0;
    for (const run of first ? ['a', 'b'] : ['b', 'a']) {
      const t = performance.now();
      if (run === 'a') await withoutHero(ids);
      else {
        const rows = await rowsByIds(db, ids);
        if (rows.filter((r) => r.heroFileId).length !== ids.length)
          throw new Error('a row lost its hero');
      }
      (run === 'a' ? a : b).push(performance.now() - t);
    }
  }
  console.table([
    {
      query: 'page rows (100), without the hero',
      'p50 ms': pct(a, 50).toFixed(2),
      'p99 ms': pct(a, 99).toFixed(2),
    },
    {
      query: 'page rows (100), with the hero file id',
      'p50 ms': pct(b, 50).toFixed(2),
      'p99 ms': pct(b, 99).toFixed(2),
    },
  ]);
  await deps.closeAll();
} finally {
  fs.rmSync(dataDir, { recursive: true, force: true });
}
