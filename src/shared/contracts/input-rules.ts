/**
 * Rules every input follows, apart from the schemas (common.ts) so that the first screen can apply
 * them without loading Zod (issue 50: the first row on screen; vite.config.ts refuses a first load
 * that holds Zod).
 */

/** PostgreSQL cannot store NUL (U+0000) in text; every text input refuses it, naming the field. */
export function hasNul(v: string): boolean {
  return v.includes('\u0000');
}
export function nulMessage(label: string): string {
  return `${label} must not contain a NUL character`;
}

/** A row ID or any `integer` column (Postgres int4): larger numbers are refused here, not by the database. */
export const DB_ID_MAX = 2_147_483_647;
