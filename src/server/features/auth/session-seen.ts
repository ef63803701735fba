/**
 * When each session's "last seen" (signed-in devices, `session_seen`) was last written by this
 * process, and from which address. A session's row already says when and where it was opened
 * (the devices list reads `coalesce(last seen, created)`), so a new session counts as written.
 */
const SEEN_EVERY_MS = 5 * 60_000;
const lastWritten = new Map<number, { at: number; ip: string | undefined }>();

/** Whether a request to `sessionId` from `ip` should write its "last seen"; notes it if so. */
export function seenNeedsWrite(sessionId: number, ip: string, now = Date.now()): boolean {
  const last = lastWritten.get(sessionId);
  // A session opened without a known address (a test's, a CLI's) takes its first request's.
  if (last && last.ip === undefined) last.ip = ip;
  if (last && last.ip === ip && now - last.at < SEEN_EVERY_MS) return false;
  if (lastWritten.size > 50_000)
    for (const [id, w] of lastWritten) if (now - w.at >= SEEN_EVERY_MS) lastWritten.delete(id);
  lastWritten.set(sessionId, { at: now, ip });
  return true;
}

/** A session just opened: its row holds its first "seen", no write needed for a while. */
export function sessionOpened(sessionId: number, ip: string | undefined): void {
  lastWritten.set(sessionId, { at: Date.now(), ip });
}

/** A write that failed: the next request tries again. */
export function seenWriteFailed(sessionId: number): void {
  lastWritten.delete(sessionId);
}
