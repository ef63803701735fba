import type { DbOrTx } from '../../db/client';
import { SEED_BRANDS, slugify } from '../../../shared/options';
import { BRAND_NAME_TAKEN } from '../../../shared/contracts/brands';
import type { BrandRef } from '../../../shared/contracts/common';
import { conflict, notFound } from '../../lib/app-error';
import { isUniqueViolation } from '../../lib/db-errors';
import * as repo from './brands.repo';

export const listBrands = (db: DbOrTx) => repo.listBrands(db);
export const findBrand = (db: DbOrTx, id: number) => repo.findBrandById(db, id);

/** The brand a call names by id or by slug (shared/contracts/common.ts `brandRef`), or undefined when there is none. */
export async function findBrandByRef(db: DbOrTx, ref: BrandRef) {
  return typeof ref === 'number' ? repo.findBrandById(db, ref) : repo.findBrandBySlug(db, ref);
}

/** The id a slug stands for; an id is returned as it is (callers that must know it exists use findBrandByRef). -1 for an unknown slug. */
export async function resolveBrandRef(db: DbOrTx, ref: BrandRef): Promise<number> {
  if (typeof ref === 'number') return ref;
  return (await repo.findBrandBySlug(db, ref))?.id ?? -1;
}

/** The ten brands of the specification; a missing slug is the slugged name. Safe to run on every start. */
export async function seedBrands(db: DbOrTx) {
  await repo.insertBrandsIfMissing(
    db,
    SEED_BRANDS.map(([name, slug]) => ({ name, slug: slug || slugify(name) })),
  );
}

const nameTaken = () => conflict(BRAND_NAME_TAKEN, { name: BRAND_NAME_TAKEN });

/** A slug not used yet: the slugged name, then -2, -3 … ("Ditto!" and "Ditto" differ by name, not slug). */
async function freeSlug(db: DbOrTx, name: string): Promise<string> {
  const base = slugify(name) || 'brand';
  for (let n = 1; ; n++) {
    const slug = n === 1 ? base : `${base}-${n}`;
    if (!(await repo.slugExists(db, slug))) return slug;
  }
}

export async function createBrand(db: DbOrTx, name: string) {
  if (await repo.findBrandByName(db, name)) throw nameTaken();
  try {
    return await repo.insertBrand(db, { name, slug: await freeSlug(db, name) });
  } catch (err) {
    if (isUniqueViolation(err)) throw nameTaken(); // lost a race with another admin
    throw err;
  }
}

/** Renames a brand. The slug stays: it identifies the brand to operators' tools and existing links. */
export async function renameBrand(db: DbOrTx, id: number, name: string) {
  const same = await repo.findBrandByName(db, name);
  if (same && same.id !== id) throw nameTaken();
  try {
    const row = await repo.updateBrandName(db, id, name);
    if (!row) throw notFound('Brand');
    return row;
  } catch (err) {
    if (isUniqueViolation(err)) throw nameTaken();
    throw err;
  }
}
