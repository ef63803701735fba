import { asc, eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { brands } from '../../db/schema/brands';
import { firstRow } from '../../lib/rows';

export async function listBrands(db: DbOrTx) {
  return db
    .select({ id: brands.id, name: brands.name, slug: brands.slug })
    .from(brands)
    .orderBy(asc(brands.name));
}

export async function findBrandById(db: DbOrTx, id: number) {
  const [row] = await db
    .select({ id: brands.id, name: brands.name, slug: brands.slug })
    .from(brands)
    .where(eq(brands.id, id))
    .limit(1);
  return row;
}

export async function insertBrandsIfMissing(db: DbOrTx, rows: { name: string; slug: string }[]) {
  await db.insert(brands).values(rows).onConflictDoNothing();
}

export async function findBrandByName(db: DbOrTx, name: string) {
  const [row] = await db
    .select({ id: brands.id, name: brands.name, slug: brands.slug })
    .from(brands)
    .where(sql`lower(${brands.name}) = ${name.toLowerCase()}`)
    .limit(1);
  return row;
}

export async function findBrandBySlug(db: DbOrTx, slug: string) {
  const [row] = await db
    .select({ id: brands.id, name: brands.name, slug: brands.slug })
    .from(brands)
    .where(eq(brands.slug, slug))
    .limit(1);
  return row;
}

export async function slugExists(db: DbOrTx, slug: string): Promise<boolean> {
  const [row] = await db
    .select({ id: brands.id })
    .from(brands)
    .where(eq(brands.slug, slug))
    .limit(1);
  return Boolean(row);
}

export async function insertBrand(db: DbOrTx, values: { name: string; slug: string }) {
  const rows = await db
    .insert(brands)
    .values(values)
    .returning({ id: brands.id, name: brands.name, slug: brands.slug });
  return firstRow(rows, 'insert into brands');
}

export async function updateBrandName(db: DbOrTx, id: number, name: string) {
  const [row] = await db
    .update(brands)
    .set({ name })
    .where(eq(brands.id, id))
    .returning({ id: brands.id, name: brands.name, slug: brands.slug });
  return row;
}
