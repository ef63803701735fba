import type { DbOrTx } from '../../db/client';
import { SEED_BRANDS, slugify } from '../../../shared/options';
import * as repo from './brands.repo';

export const listBrands = (db: DbOrTx) => repo.listBrands(db);
export const findBrand = (db: DbOrTx, id: number) => repo.findBrandById(db, id);

/** The ten brands of the specification; a missing slug is the slugged name. Safe to run on every start. */
export async function seedBrands(db: DbOrTx) {
  await repo.insertBrandsIfMissing(
    db,
    SEED_BRANDS.map(([name, slug]) => ({ name, slug: slug || slugify(name) })),
  );
}
