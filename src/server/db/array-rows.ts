import { Column, SQL, entityKind, is, noopDecoder, type Query } from 'drizzle-orm';
import type { DbOrTx } from './client';

/**
 * A select's rows as the driver reads them, mapped to objects by a function compiled once per
 * statement, instead of drizzle's mapping (which asks of every field of every row what kind of
 * field it is, then calls its decoder): about a tenth of the server's CPU on a list page of 25
 * rows (docs/benchmarks.md, "The pattern list").
 *
 * The values are the driver's: numbers for integers, text for numeric, booleans, and **timestamps
 * as the database's text** (drizzle's own parsers keep them so; `TextDates` says it in the type),
 * which the reader turns into ISO text itself (pattern-shape.ts `isoDate`). For flat selections of
 * columns and `sql` expressions only: a column whose decoder does more than return the driver's
 * value (`PASSED_AS_READ`), or an expression given a decoder (`.mapWith`), is refused when the
 * statement is built, so no value comes out differently from drizzle's mapping but for the
 * timestamps' text.
 */

/** A row type with its dates (nullable or not) as the database's text. */
export type TextDates<R> = { [K in keyof R]: TextDate<R[K]> };
type TextDate<V> = V extends Date ? string : V;

/** Column kinds whose drizzle decoder gives back what node-postgres and PGlite read (or, for the timestamps, what `TextDates` says). */
const PASSED_AS_READ = new Set([
  'PgInteger',
  'PgSerial',
  'PgText',
  'PgVarchar',
  'PgBoolean',
  'PgNumeric',
  'PgEnumColumn',
  'PgTimestamp',
  'PgTimestampString',
]);

/** An expression's decoder: drizzle's own (no-op) unless given one by `.mapWith`. drizzle's mapping reads the same field, which its types keep private. */
const decoderOf = (e: SQL) => (e as unknown as { decoder: unknown }).decoder;

export interface ArraySelect<R> {
  toSQL(): Query;
  readonly _: { readonly selectedFields: Record<string, unknown>; readonly result: R[] };
}

export interface ArrayRowsStatement<T> {
  execute(values: Record<string, unknown>): Promise<T[]>;
}

/**
 * `select`'s statement, prepared under `name` (on PostgreSQL; without a name it is parsed each
 * run), answering its rows in array mode mapped by a compiled function.
 */
export function arrayRowsStatement<R>(
  db: DbOrTx,
  select: ArraySelect<R>,
  name?: string,
): ArrayRowsStatement<TextDates<R>> {
  const keys = Object.keys(select._.selectedFields);
  for (const k of keys) {
    const f = select._.selectedFields[k];
    const kind = is(f, Column)
      ? (f.constructor as unknown as { [entityKind]: string })[entityKind]
      : undefined;
    const plainSql =
      (is(f, SQL) && decoderOf(f) === noopDecoder) ||
      (is(f, SQL.Aliased) && decoderOf(f.sql) === noopDecoder);
    if (!(plainSql || (kind && PASSED_AS_READ.has(kind))))
      throw new Error(`arrayRowsStatement: ${k} is not a plain column or expression (${kind})`);
  }
  // One object literal for every row: each row gets the same shape at once.
  const map = new Function(
    'rows',
    `const out = new Array(rows.length);
     for (let i = 0; i < rows.length; i++) {
       const r = rows[i];
       out[i] = { ${keys.map((k, i) => `${JSON.stringify(k)}: r[${i}]`).join(', ')} };
     }
     return out;`,
  ) as (rows: unknown[][]) => TextDates<R>[];
  return db._.session.prepareQuery<{ execute: TextDates<R>[]; all: unknown; values: unknown }>(
    select.toSQL(),
    undefined,
    name,
    true,
    map,
  );
}
