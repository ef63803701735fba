import type { PGlite } from '@electric-sql/pglite';
import { firstRow } from '../lib/rows';

/**
 * The PGlite test apps run on, kept per worker and reset between apps instead of a fresh copy of
 * the migrated template each time (issue 32 item 12): opening a PGlite from the template's 28 MB
 * costs ~0.5 s of CPU (unpacking it into PGlite's in-memory file system, starting PostgreSQL),
 * resetting one ~0.05 s. A reset puts back what a fresh copy holds:
 * - every table's rows as the template has them (`TRUNCATE … RESTART IDENTITY`, then the template's
 *   few rows inserted again with triggers off), every sequence where the template left it;
 * - a fresh session (`DISCARD ALL`: prepared statements, listeners, settings, temporary tables,
 *   advisory locks), no planner statistics (`pg_statistic`) and zeroed activity counters
 *   (`pg_stat_user_tables`, which the list's vacuum check reads), as a copy started from a dump has.
 * An instance whose schema no longer matches the template's (a test that changed a table, a
 * trigger, a function, a role) is closed instead of kept, and the next app gets a fresh copy.
 */

interface Template {
  /** The schema's fingerprint as the template has it. */
  fingerprint: string;
  /** One script putting the template's rows and sequences back. */
  restore: string;
}

/** At most this many reset instances wait per worker (two apps open at once in a few files). */
const MAX_IDLE = 2;
const idle: PGlite[] = [];
let template: Promise<Template> | undefined;

const FINGERPRINT = `
  select md5(coalesce(string_agg(x, E'\\n' order by x), '')) as f from (
    select 'class ' || c.oid::regclass::text || ' ' || c.relkind::text || ' ' || c.relnatts as x
      from pg_class c join pg_namespace n on n.oid = c.relnamespace
      where n.nspname not in ('pg_catalog', 'information_schema') and n.nspname not like 'pg\\_%'
    union all
    select 'column ' || a.attrelid::regclass::text || ' ' || a.attname || ' ' || a.atttypid::regtype::text
        || ' ' || a.attnotnull::text || ' ' || coalesce(pg_get_expr(d.adbin, d.adrelid), '')
      from pg_attribute a
      join pg_class c on c.oid = a.attrelid join pg_namespace n on n.oid = c.relnamespace
      left join pg_attrdef d on d.adrelid = a.attrelid and d.adnum = a.attnum
      where a.attnum > 0 and not a.attisdropped
        and n.nspname not in ('pg_catalog', 'information_schema') and n.nspname not like 'pg\\_%'
    union all
    select 'index ' || indexrelid::regclass::text || ' ' || pg_get_indexdef(indexrelid) from pg_index i
      join pg_class c on c.oid = i.indexrelid join pg_namespace n on n.oid = c.relnamespace
      where n.nspname not in ('pg_catalog', 'information_schema') and n.nspname not like 'pg\\_%'
    union all
    select 'constraint ' || conrelid::regclass::text || ' ' || conname || ' ' || pg_get_constraintdef(oid)
      from pg_constraint where connamespace not in ('pg_catalog'::regnamespace, 'information_schema'::regnamespace)
    union all
    select 'trigger ' || tgrelid::regclass::text || ' ' || tgname || ' ' || tgenabled::text || ' ' || tgfoid::regproc::text
      from pg_trigger where not tgisinternal
    union all
    select 'function ' || p.oid::regprocedure::text || ' ' || md5(p.prosrc) from pg_proc p
      join pg_namespace n on n.oid = p.pronamespace
      where n.nspname not in ('pg_catalog', 'information_schema')
    union all
    select 'extension ' || extname || ' ' || extversion from pg_extension
    union all
    select 'role ' || rolname || ' ' || rolsuper::text from pg_roles
    union all
    select 'schema ' || nspname from pg_namespace where nspname not like 'pg\\_%'
  ) s`;

const USER_TABLES = `
  select c.oid::regclass::text as name from pg_class c join pg_namespace n on n.oid = c.relnamespace
  where c.relkind in ('r', 'p') and n.nspname not in ('pg_catalog', 'information_schema')
    and n.nspname not like 'pg\\_%'
  order by 1`;

async function fingerprint(pg: PGlite): Promise<string> {
  return firstRow((await pg.query<{ f: string }>(FINGERPRINT)).rows, 'the fingerprint').f;
}

/** Reads the template's state off a fresh copy, before anything ran on it. */
async function readTemplate(pg: PGlite): Promise<Template> {
  const tables = (await pg.query<{ name: string }>(USER_TABLES)).rows.map((r) => r.name);
  const script = [
    'set session_replication_role = replica', // the template's rows as they are: no triggers, no foreign-key checks
    `truncate ${tables.join(', ')} restart identity cascade`,
  ];
  for (const table of tables) {
    const { rows } = await pg.query<{ literal: string | null; columns: string }>(
      `select quote_literal((select json_agg(t)::text from ${table} t)) as literal,
              (select string_agg(quote_ident(attname), ', ' order by attnum) from pg_attribute
                where attrelid = $1::regclass and attnum > 0 and not attisdropped and attgenerated = '') as columns`,
      [table],
    );
    const { literal, columns } = firstRow(rows, `the copy of ${table}`);
    if (literal === null) continue;
    script.push(
      `insert into ${table} (${columns}) overriding system value select ${columns} from json_populate_recordset(null::${table}, ${literal})`,
    );
  }
  const sequences = await pg.query<{ name: string; last: string | null; start: string }>(
    `select format('%I.%I', schemaname, sequencename) as name, last_value::text as last,
            start_value::text as start from pg_sequences`,
  );
  for (const s of sequences.rows)
    script.push(
      s.last === null
        ? `select setval('${s.name}', ${s.start}, false)`
        : `select setval('${s.name}', ${s.last}, true)`,
    );
  script.push('set session_replication_role = default', 'delete from pg_statistic');
  return { fingerprint: await fingerprint(pg), restore: script.join(';\n') };
}

/**
 * A PGlite in the template's state: a reset one kept from an earlier app, or a fresh one opened by
 * `open` (which loads the template).
 */
export async function takePglite(open: () => Promise<PGlite>): Promise<PGlite> {
  const kept = idle.pop();
  if (kept) return kept;
  const pg = await open();
  template ??= readTemplate(pg);
  await template;
  return pg;
}

/** Hands a PGlite back once its app has closed: reset and kept, or closed if it cannot be reset. */
export async function givePglite(pg: PGlite): Promise<void> {
  if (idle.length >= MAX_IDLE || !template) return pg.close();
  try {
    const { fingerprint: expected, restore } = await template;
    if (pg.isInTransaction()) await pg.exec('rollback');
    await pg.exec('discard all');
    if ((await fingerprint(pg)) !== expected) return await pg.close();
    await pg.exec(restore);
    // The activity counters the restore just made, flushed (they are flushed when the backend is
    // idle), then all of them zeroed.
    await pg.query('select pg_stat_force_next_flush()');
    await pg.query('select pg_stat_reset()');
    idle.push(pg);
  } catch {
    await pg.close().catch(() => undefined);
  }
}
