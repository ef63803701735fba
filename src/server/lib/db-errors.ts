/** Postgres' unique_violation (23505), whether raised by pg, PGlite, or wrapped by Drizzle (`cause`). */
export function isUniqueViolation(err: unknown): boolean {
  for (
    let e = err as { code?: unknown; cause?: unknown } | undefined, depth = 0;
    e && depth < 4;
    e = e.cause as typeof e, depth++
  ) {
    if (e.code === '23505') return true;
  }
  return false;
}

/**
 * PostgreSQL's class 22 "data exception" (a number out of range, a NUL byte, a bad encoding):
 * caused by a value the client sent, so a 400, never a 500.
 */
export function isDataException(err: unknown): boolean {
  for (
    let e = err as { code?: unknown; cause?: unknown } | undefined, depth = 0;
    e && depth < 4;
    e = e.cause as typeof e, depth++
  ) {
    if (typeof e.code === 'string' && /^22[0-9A-Z]{3}$/.test(e.code)) return true;
  }
  return false;
}
