import { asc, eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { brands } from '../../db/schema/brands';

export async function listBrands(db: DbOrTx) {
  return db.select({ id: brands.id, name: brands.name, slug: brands.slug }).from(brands).orderBy(asc(brands.name));
}

export async function findBrandById(db: DbOrTx, id: number) {
  const [row] = await db.select({ id: brands.id, name: brands.name, slug: brands.slug }).from(brands).where(eq(brands.id, id)).limit(1);
  return row;
}

export async function insertBrandsIfMissing(db: DbOrTx, rows: { name: string; slug: string }[]) {
  await db.insert(brands).values(rows).onConflictDoNothing();
}
