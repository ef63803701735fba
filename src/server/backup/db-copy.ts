import { sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../db/client';
import { firstRow } from '../lib/rows';

/** The schemas a backup copies: the portal's tables and Drizzle's record of applied migrations. */
const SCHEMAS = ['public', 'drizzle'];
export const MIGRATIONS_TABLE = 'drizzle.__drizzle_migrations';
/** Rows per statement, reading and writing (each a few hundred KB of JSON at most). */
const PAGE = 2000;

export interface TableInfo {
  /** schema.table (`public.patterns`). */
  name: string;
  /** The same, quoted for SQL. */
  ref: string;
  /** Columns written back (generated columns are computed again). */
  columns: string[];
}

const ident = (s: string) => `"${s.replace(/"/g, '""')}"`;
const qualified = (schema: string, table: string) => `${ident(schema)}.${ident(table)}`;

async function rows<T>(db: DbOrTx, query: SQL): Promise<T[]> {
  return (await db.execute(query)).rows as T[];
}

export async function listTables(db: DbOrTx): Promise<TableInfo[]> {
  const found = await rows<{ schema: string; table: string; columns: string[] }>(
    db,
    sql`SELECT n.nspname AS schema, c.relname AS table,
          array_agg(a.attname::text ORDER BY a.attnum) AS columns
        FROM pg_class c
        JOIN pg_namespace n ON n.oid = c.relnamespace
        JOIN pg_attribute a ON a.attrelid = c.oid AND a.attnum > 0 AND NOT a.attisdropped AND a.attgenerated = ''
        WHERE c.relkind IN ('r', 'p') AND n.nspname IN (${sql.join(
          SCHEMAS.map((s) => sql`${s}`),
          sql`, `,
        )})
        GROUP BY n.nspname, c.relname ORDER BY n.nspname, c.relname`,
  );
  return found.map((t) => ({
    name: `${t.schema}.${t.table}`,
    ref: qualified(t.schema, t.table),
    columns: typeof t.columns === 'string' ? parsePgArray(t.columns) : t.columns,
  }));
}

/** node-postgres parses name[] / text[]; the raw PGlite client may hand back the text form. */
function parsePgArray(text: string): string[] {
  return text
    .replace(/^\{|\}$/g, '')
    .split(',')
    .map((s) => s.replace(/^"|"$/g, ''));
}

/**
 * Every row of `table` as one JSON text per row, page by page in physical order (a TID range scan:
 * no sort, no OFFSET), within the caller's snapshot.
 */
export async function* tableRows(db: DbOrTx, table: TableInfo): AsyncGenerator<string[]> {
  let after = '(0,0)';
  const cols = table.columns.map(ident).join(', ');
  for (;;) {
    const page = await rows<{ c: string; j: string }>(
      db,
      sql.raw(
        `SELECT r.c, row_to_json(r)::text AS j FROM (SELECT ctid::text AS c, ${cols} FROM ${table.ref}
          WHERE ctid > '${after}'::tid ORDER BY ctid LIMIT ${PAGE}) r`,
      ),
    );
    if (page.length === 0) return;
    // The row's place is read to page on; it is not written back (restore ignores the key).
    yield page.map((p) => p.j);
    after = page[page.length - 1]!.c; // the page is not empty (returned above when it is)
    if (page.length < PAGE) return;
  }
}

export interface SequenceValue {
  name: string;
  value: number | null;
}

export async function readSequences(db: DbOrTx): Promise<SequenceValue[]> {
  const found = await rows<{ schema: string; name: string; value: string | number | null }>(
    db,
    sql`SELECT schemaname AS schema, sequencename AS name, last_value AS value FROM pg_sequences
        WHERE schemaname IN ('public', 'drizzle') ORDER BY 1, 2`,
  );
  return found.map((s) => ({
    name: qualified(s.schema, s.name),
    value: s.value === null ? null : Number(s.value),
  }));
}

/** Whether the database holds any table of ours (a restore target must not, unless forced). */
export async function hasTables(db: DbOrTx): Promise<boolean> {
  const found = await rows<{ n: number }>(
    db,
    sql`SELECT count(*)::int AS n FROM pg_tables WHERE schemaname IN ('public', 'drizzle')`,
  );
  return Number(firstRow(found, 'the count of our tables').n) > 0;
}

/** Drops everything of ours (restore --force): the schema is made again by the migrations. */
export async function dropAll(db: DbOrTx): Promise<void> {
  await db.execute(sql.raw('DROP SCHEMA IF EXISTS drizzle CASCADE'));
  await db.execute(sql.raw('DROP SCHEMA public CASCADE'));
  await db.execute(sql.raw('CREATE SCHEMA public'));
}

interface ForeignKey {
  table: string;
  name: string;
  definition: string;
}

/**
 * Writing rows back: foreign keys are dropped and added again after (which checks every row), user
 * triggers (change feed, search words) are off while loading, since their results are in the copy;
 * what the migrations seeded is emptied first.
 * Only the tables' owner's rights are needed, not a superuser's.
 */
export async function beginLoad(db: DbOrTx, tables: TableInfo[]): Promise<() => Promise<void>> {
  const fks = await rows<ForeignKey>(
    db,
    sql`SELECT conrelid::regclass::text AS table, conname AS name, pg_get_constraintdef(oid) AS definition
        FROM pg_constraint WHERE contype = 'f' AND connamespace IN
          (SELECT oid FROM pg_namespace WHERE nspname IN ('public', 'drizzle'))`,
  );
  for (const fk of fks)
    await db.execute(sql.raw(`ALTER TABLE ${fk.table} DROP CONSTRAINT ${ident(fk.name)}`));
  for (const t of tables) await db.execute(sql.raw(`ALTER TABLE ${t.ref} DISABLE TRIGGER USER`));
  // Rows a migration seeds (the storefront's two targets, say) are in the copy too: the copy wins.
  for (const t of tables) await db.execute(sql.raw(`DELETE FROM ${t.ref}`));
  return async () => {
    for (const t of tables) await db.execute(sql.raw(`ALTER TABLE ${t.ref} ENABLE TRIGGER USER`));
    for (const fk of fks)
      await db.execute(
        sql.raw(`ALTER TABLE ${fk.table} ADD CONSTRAINT ${ident(fk.name)} ${fk.definition}`),
      );
  };
}

export async function insertRows(db: DbOrTx, table: TableInfo, json: string[]): Promise<void> {
  const cols = table.columns.map(ident).join(', ');
  await db.execute(
    sql`${sql.raw(`INSERT INTO ${table.ref} (${cols}) OVERRIDING SYSTEM VALUE SELECT ${cols} FROM json_populate_recordset(NULL::${table.ref}, `)}${`[${json.join(',')}]`}::json)`,
  );
}

export async function setSequence(db: DbOrTx, s: SequenceValue): Promise<void> {
  if (s.value === null) return;
  await db.execute(sql`SELECT setval(${s.name}::regclass, ${s.value}, true)`);
}

export async function countRows(db: DbOrTx, table: TableInfo): Promise<number> {
  const found = await rows<{ n: number }>(
    db,
    sql.raw(`SELECT count(*)::int AS n FROM ${table.ref}`),
  );
  return Number(firstRow(found, `the count of ${table.name}`).n);
}
