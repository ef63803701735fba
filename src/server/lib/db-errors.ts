/** Postgres' unique_violation (23505), whether raised by pg, PGlite, or wrapped by Drizzle (`cause`). */
export function isUniqueViolation(err: unknown): boolean {
  return hasCode(err, (code) => code === '23505');
}

/**
 * PostgreSQL's class 22 "data exception" (a number out of range, a NUL byte, a bad encoding):
 * caused by a value the client sent, so a 400, never a 500.
 */
export function isDataException(err: unknown): boolean {
  return hasCode(err, (code) => /^22[0-9A-Z]{3}$/.test(code));
}

/** Whether the error, or one of the few causes it is wrapped in, carries a matching code. */
function hasCode(err: unknown, matches: (code: string) => boolean): boolean {
  for (
    let e = err as { code?: unknown; cause?: unknown } | undefined, depth = 0;
    e && depth < 4;
    e = e.cause as typeof e, depth++
  ) {
    if (typeof e.code === 'string' && matches(e.code)) return true;
  }
  return false;
}
