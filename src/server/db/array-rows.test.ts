import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { asc, eq, getTableColumns, sql } from 'drizzle-orm';
import { dbKind, type TestApp } from '../test/helper';
import { twoBrandList } from '../features/pattern-list/list.fixtures';
import { patterns } from './schema/patterns';
import { brands } from './schema/brands';
import { importPatterns } from './schema/imports';
import { arrayRowsStatement } from './array-rows';
import { firstRow } from '../lib/rows';

/**
 * The list reads its rows in array mode, mapped by a function compiled once per statement
 * (array-rows.ts), instead of drizzle's mapping: each value must come out as drizzle's would, but
 * for the timestamps, which stay the database's text of the same instant.
 */
describe(`rows read in array mode (${dbKind})`, () => {
  let t: TestApp;

  beforeAll(async () => {
    ({ t } = await twoBrandList(['DIT', 30], ['BUT', 12]));
    // A null and a fractional price, and a time with milliseconds, on a few rows.
    const db = t.deps.database.db;
    const every = (n: number, r: number) => sql`${patterns.ID} % ${n} = ${r}`;
    await db.update(patterns).set({ Price: null }).where(every(5, 0));
    await db.update(patterns).set({ Price: '12.50' }).where(every(5, 1));
    await db
      .update(patterns)
      .set({ updatedAt: new Date('2026-03-01T10:20:30.123Z') })
      .where(every(7, 0));
  });
  afterAll(() => t.close());

  const select = () => {
    const db = t.deps.database.db;
    return db
      .select({
        ...getTableColumns(patterns),
        brandName: brands.name,
        total: sql<number>`(select count(*)::int from ${patterns})`,
        label: sql<string>`${patterns.SFCC_Pattern_ID} || '!'`.as('label'),
      })
      .from(patterns)
      .innerJoin(brands, eq(brands.id, patterns.brandId))
      .where(eq(patterns.brandId, sql.placeholder('brand')))
      .orderBy(asc(patterns.ID));
  };

  /** drizzle's rows with their dates as ISO text. */
  const iso = (rows: Record<string, unknown>[]) =>
    rows.map((r) =>
      Object.fromEntries(
        Object.entries(r).map(([k, v]) => [k, v instanceof Date ? v.toISOString() : v]),
      ),
    );
  /** Ours with the database's text of each timestamp read the same way. */
  const datesRead = (rows: Record<string, unknown>[]) =>
    rows.map((r) =>
      Object.fromEntries(
        Object.entries(r).map(([k, v]) => [
          k,
          (k.endsWith('At') || k.endsWith('_at')) && typeof v === 'string'
            ? new Date(v).toISOString()
            : v,
        ]),
      ),
    );

  it('gives every value as drizzle does, and timestamps as text of the same instant, prepared or not', async () => {
    const db = t.deps.database.db;
    const { id: brand } = firstRow(
      await db.select({ id: brands.id }).from(brands).limit(1),
      'a brand',
    );
    const want = iso(await select().execute({ brand }));
    expect(want.length).toBeGreaterThan(5);
    const named = arrayRowsStatement(db, select(), 'array_rows_test');
    for (const statement of [named, arrayRowsStatement(db, select())]) {
      for (let run = 0; run < 3; run++) {
        const got = await statement.execute({ brand });
        expect(typeof got[0]?.updatedAt).toBe('string');
        expect(datesRead(got)).toEqual(want);
        // Each row its own object, keys in the selection's order.
        expect(Object.keys(got[0]!)).toEqual(Object.keys(want[0]!));
        expect(new Set(got).size).toBe(got.length);
      }
    }
    await db.transaction(async (tx) => {
      expect(datesRead(await arrayRowsStatement(tx, select()).execute({ brand }))).toEqual(want);
    });
    expect(await named.execute({ brand: -1 })).toEqual([]);
  });

  it('refuses a selection with a value drizzle would decode (JSON, a nested object, an expression with a decoder)', () => {
    const db = t.deps.database.db;
    expect(() =>
      arrayRowsStatement(
        db,
        db.select({ id: importPatterns.id, data: importPatterns.data }).from(importPatterns),
      ),
    ).toThrow(/data is not a plain column/);
    expect(() =>
      arrayRowsStatement(
        db,
        db
          .select({ id: patterns.ID, b: { name: brands.name } })
          .from(patterns)
          .innerJoin(brands, eq(brands.id, patterns.brandId)),
      ),
    ).toThrow(/b is not a plain column/);
    expect(() =>
      arrayRowsStatement(
        db,
        db.select({ id: patterns.ID, n: sql`1`.mapWith(Number) }).from(patterns),
      ),
    ).toThrow(/n is not a plain column/);
  });
});
