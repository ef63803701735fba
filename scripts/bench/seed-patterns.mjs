// Shared by the benchmarks (not itself a benchmark: bench.mjs runs only bench-*.mjs): the
// deterministic patterns bench-list.mjs and bench-first-row.mjs measure against.
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { tsImport } from 'tsx/esm/api';

const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), '../..');

const ADJ = [
  'Summer',
  'Winter',
  'Wrap',
  'Maxi',
  'Classic',
  'Easy',
  'Relaxed',
  'Tailored',
  'Vintage',
  'Modern',
  'Cropped',
  'Pleated',
  'Flared',
  'Boxy',
  'Fitted',
  'Oversized',
  'Tiered',
  'Draped',
  'Smocked',
  'Quilted',
];
const NOUN = [
  'Dress',
  'Shirt',
  'Trousers',
  'Skirt',
  'Jacket',
  'Coat',
  'Top',
  'Jumpsuit',
  'Shorts',
  'Blouse',
  'Cardigan',
  'Hoodie',
  'Vest',
  'Tunic',
  'Romper',
  'Kimono',
  'Parka',
  'Leggings',
  'Pinafore',
  'Camisole',
];
// The option lists themselves (one source with the app), so the seeded rows stay valid values.
const {
  PATTERN_TYPES: TYPES,
  GENDERS,
  FABRIC_TYPES: FABRICS,
} = await tsImport(path.join(root, 'src/shared/options.ts'), import.meta.url);
const STATUSES = ['draft', 'draft', 'draft', 'in_review', 'published', 'published'];
const arr = (a) => `array[${a.map((s) => `'${s.replace(/'/g, "''")}'`).join(',')}]`;

/** Inserts `rows` patterns spread over every brand with generate_series; indexes are rebuilt after the load (faster than row by row). */
export async function seed(db, rows) {
  const brandIds = (await db.execute(sql`select id from brands order by id`)).rows.map((r) => r.id);
  const indexes = (
    await db.execute(
      sql`select indexname, indexdef from pg_indexes where tablename = 'patterns' and indexname not like '%pkey' and indexname not like '%unique'`,
    )
  ).rows;
  for (const i of indexes) await db.execute(sql.raw(`drop index "${i.indexname}"`));
  const step = 100_000;
  for (let from = 1; from <= rows; from += step) {
    const to = Math.min(rows, from + step - 1);
    await db.execute(
      sql.raw(`insert into patterns ("SFCC_Pattern_ID","Pattern_Name",brand_id,"Type","Gender","Price","Fabric_type","Is_Printable","SFCC_Status","IS_SFCC_TESTING",updated_at,created_at)
      select 'PP-' || lpad(i::text, 7, '0'),
        (${arr(ADJ)})[1 + (i * 7) % 20] || ' ' || (${arr(NOUN)})[1 + (i * 13) % 20] || ' ' || (i % 9973),
        (array[${brandIds.join(',')}])[1 + (i * 31) % ${brandIds.length}],
        (${arr(TYPES)})[1 + i % 5],
        (${arr(GENDERS)})[1 + i % 7],
        ((i::bigint * 7919) % 9000) / 100.0 + 5,
        (${arr(FABRICS)})[1 + i % 4],
        case when i % 2 = 0 then 'Yes' else 'No' end,
        (${arr(STATUSES)})[1 + i % 6],
        i % 6 >= 3,
        now() - make_interval(secs => (${rows} - i) * 37 + (i::bigint * 7919) % 37),
        now() - make_interval(secs => (${rows} - i) * 37)
      from generate_series(${from}, ${to}) i`),
    );
    process.stdout.write(
      `\r  seeded ${to.toLocaleString('en-US')} of ${rows.toLocaleString('en-US')}`,
    );
  }
  process.stdout.write('\n  rebuilding indexes…');
  for (const i of indexes) await db.execute(sql.raw(i.indexdef));
  await seedStorefrontStatus(db);
  await db.execute(sql`vacuum analyze`);
  // The seed's WAL written out now, not by a checkpoint spread over the measurement that follows
  // (at 1,000,000 rows on PostgreSQL one ran through the six reads). CHECKPOINT needs a
  // superuser or pg_checkpoint; without either the bench goes on.
  await db
    .execute(sql`checkpoint`)
    .catch(() => process.stdout.write(' (CHECKPOINT not allowed for this user)'));
  process.stdout.write(' done\n');
}

/**
 * Every published pattern's storefront outcome, as the delivery leaves it once both targets
 * imported it (live on staging and production), one in 50 of them with a failed production
 * import: an admin's list reads each row's badge from these rows (docs/benchmarks.md), so an empty
 * table would not show what the badge costs. Skipped on a schema without the storefront.
 */
async function seedStorefrontStatus(db) {
  const [has] = (await db.execute(sql`select to_regclass('storefront_status') is not null as has`))
    .rows;
  if (!has?.has) return;
  await db.execute(
    sql`insert into storefront_targets (name) values ('staging'), ('production') on conflict do nothing`,
  );
  await db.execute(sql`
    insert into storefront_status (pattern_id, target, state, mode, since, live_since, message)
    select p."ID", t.target, s.state, 'upsert', now(), case when s.state = 'ok' then now() end,
      case when s.state = 'error' then 'Line 3: invalid' end
    from patterns p
    cross join (values ('staging'), ('production')) t(target)
    cross join lateral (select case when t.target = 'production' and p."ID" % 50 = 4
      then 'error' else 'ok' end as state) s
    where p."SFCC_Status" = 'published'`);
}

/**
 * Pattern `i` of `rows` as `seed` writes it (the same formulas in JavaScript), for a peer that is
 * seeded through its own API (the Directus peer of docs/benchmarks.md). `now` is in milliseconds.
 */
export function patternRow(i, rows, brandIds, now) {
  const patternId = `PP-${String(i).padStart(7, '0')}`;
  const name = `${ADJ[(i * 7) % 20]} ${NOUN[(i * 13) % 20]} ${i % 9973}`;
  return {
    id: i,
    SFCC_Pattern_ID: patternId,
    Pattern_Name: name,
    brand_id: brandIds[(i * 31) % brandIds.length],
    Type: TYPES[i % 5],
    Gender: GENDERS[i % 7],
    Price: ((i * 7919) % 9000) / 100 + 5,
    Fabric_type: FABRICS[i % 4],
    Is_Printable: i % 2 === 0 ? 'Yes' : 'No',
    SFCC_Status: STATUSES[i % 6],
    IS_SFCC_TESTING: i % 6 >= 3,
    updated_at: new Date(now - ((rows - i) * 37 + ((i * 7919) % 37)) * 1000).toISOString(),
  };
}

/**
 * Gives every pattern a main hero photo with its check (thumbnails made) and an instructions PDF,
 * as rows only (no stored object): what the list's hero thumbnail reads. The checks go in with the
 * row triggers off, then the pattern rows' hero column is filled as migration 0010 fills it (one
 * update instead of a trigger call per file), when the schema has it.
 */
export async function seedHeroFiles(db) {
  await db.execute(
    sql.raw(`insert into pattern_files (pattern_id, kind, storage_key, file_name, content_type, byte_size)
      select "ID", k, 'patterns/bench/' || "ID" || '-' || k, 'f',
        case when k = 'Main_Hero_Image' then 'image/jpeg' else 'application/pdf' end, 1000
      from patterns, unnest(array['Main_Hero_Image','Instruction_PDF']) k`),
  );
  await db.execute(sql`alter table file_checks disable trigger user`);
  await db.execute(
    sql.raw(`insert into file_checks (file_id, "check")
      select id, '{"type":"image","width":1600,"height":1200,"rotated":false,"metadataRemoved":false,"convertedFromCmyk":false,"thumbnails":true}'::jsonb
      from pattern_files where kind = 'Main_Hero_Image'`),
  );
  await db.execute(sql`alter table file_checks enable trigger user`);
  const column = await db.execute(
    sql`select 1 from information_schema.columns where table_name = 'patterns' and column_name = 'hero_file_id'`,
  );
  if (column.rows.length)
    await db.execute(
      sql.raw(`update patterns p set hero_file_id = h.id from (
        select distinct on (f.pattern_id) f.pattern_id, f.id from pattern_files f
        inner join file_checks c on c.file_id = f.id
        where f.kind = 'Main_Hero_Image' and (c."check" ->> 'thumbnails') = 'true'
        order by f.pattern_id, f.id desc) h
      where p."ID" = h.pattern_id`),
    );
  await db.execute(sql`vacuum analyze`);
}
