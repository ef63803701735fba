import { isTransaction, type DbOrTx } from '../../db/client';
import { arrayRowsStatement, type ArraySelect, type TextDates } from '../../db/array-rows';

// The list's statements kept by shape: built once, run with their placeholders' values.

/** A statement built once and run with its placeholders' values. */
interface Runnable<T> {
  execute(v: Record<string, unknown>): Promise<T>;
}

/** Kept statements by database and shape (first or far page, a search…). */
const keptStatements = new WeakMap<object, Map<string, Runnable<unknown>>>();

const MAX_KEPT_SHAPES = 500;

/** A search's page statements are kept for offsets below this (its first pages, as plain pages'). */
export const KEPT_OFFSETS = 100;

/**
 * The statement of list rows of `key` (read in array mode, `arrayRowsStatement`), built by `build`
 * on first use and then kept (at most MAX_KEPT_SHAPES per database, the oldest dropped). One name
 * per shape, the same in every process: a statement built again after being dropped reuses the
 * name (and the text) PostgreSQL already holds. Without a key, or in a transaction, it is built
 * for this run alone.
 */
export function keptRows<R>(
  db: DbOrTx,
  key: string | undefined,
  build: () => ArraySelect<R>,
): Runnable<TextDates<R>[]> {
  const make = (name?: string) => arrayRowsStatement(db, build(), name);
  if (key === undefined || isTransaction(db)) return make();
  let shapes = keptStatements.get(db);
  if (!shapes) keptStatements.set(db, (shapes = new Map()));
  let statement = shapes.get(key) as Runnable<TextDates<R>[]> | undefined;
  if (!statement) {
    if (shapes.size >= MAX_KEPT_SHAPES) shapes.delete(shapes.keys().next().value!);
    statement = make(`list_${key.replace(/[^a-zA-Z0-9]+/g, '_')}`);
    shapes.set(key, statement as Runnable<unknown>);
  }
  return statement;
}
