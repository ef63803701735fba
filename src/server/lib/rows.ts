/**
 * The row a statement always returns: an INSERT … RETURNING of one row, a `count(*)`, an UPDATE
 * of a row the caller has just read in the same transaction. Its absence is a fault in the code,
 * not in the request, so it throws a plain error (a 500 with a reference) naming what was expected
 * (`noUncheckedIndexedAccess`, docs/conventions.md rule 1).
 */
export function firstRow<T>(rows: readonly T[], what: string): T {
  const row = rows[0];
  if (row === undefined) throw new Error(`Expected a row: ${what}`);
  return row;
}

/** The `i`th of rows answered one per value given, in order (ids of a multi-row INSERT … RETURNING). */
export function rowAt<T>(rows: readonly T[], i: number, what: string): T {
  const row = rows[i];
  if (row === undefined) throw new Error(`Expected a row at ${i}: ${what}`);
  return row;
}
