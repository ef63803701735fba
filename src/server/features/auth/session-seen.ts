/**
 * When each session's "last seen" (signed-in devices, `session_seen`) was last written by this
 * process, and from which address. A session's row already says when and where it was opened
 * (the devices list reads `coalesce(last seen, created)`), so a new session counts as written.
 *
 * The writes are not awaited by the request, so two of one session can reach the database in
 * either order (two pool connections, or two processes). Each carries the moment of its request,
 * strictly later than the session's previous one here, and the row keeps the latest
 * (`noteSeen`): a write that lands late never puts back an older address.
 */
const SEEN_EVERY_MS = 5 * 60_000;
const lastWritten = new Map<number, { at: number; ip: string | undefined }>();

/**
 * Whether a request to `sessionId` from `ip` should write its "last seen": the moment to write
 * (notes it), or undefined.
 */
export function seenWriteAt(sessionId: number, ip: string, now = Date.now()): Date | undefined {
  const last = lastWritten.get(sessionId);
  // A session opened without a known address (a test's, a CLI's) takes its first request's.
  if (last && last.ip === undefined) last.ip = ip;
  if (last && last.ip === ip && now - last.at < SEEN_EVERY_MS) return undefined;
  if (lastWritten.size > 50_000)
    for (const [id, w] of lastWritten) if (now - w.at >= SEEN_EVERY_MS) lastWritten.delete(id);
  // Two requests in one millisecond still write in their order.
  const at = last ? Math.max(now, last.at + 1) : now;
  lastWritten.set(sessionId, { at, ip });
  return new Date(at);
}

/** A session just opened: its row holds its first "seen", no write needed for a while. */
export function sessionOpened(sessionId: number, ip: string | undefined): void {
  lastWritten.set(sessionId, { at: Date.now(), ip });
}

/** A write that failed: the next request tries again. */
export function seenWriteFailed(sessionId: number): void {
  lastWritten.delete(sessionId);
}
