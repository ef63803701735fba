import { and, desc, eq, gt, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { sessions, sessionSeen } from '../../db/schema/users';

/** Where and how a session was opened, for the signed-in devices list (devices.ts). */
export interface SessionOrigin {
  userAgent?: string;
  ip?: string;
  method: 'password' | 'oidc' | 'invitation' | 'passkey';
}

/** A user's live sessions with their last request, most recently used first. */
export async function listSessions(db: DbOrTx, userId: number) {
  const lastSeen = sql<Date>`coalesce(${sessionSeen.lastSeenAt}, ${sessions.createdAt})`;
  return db
    .select({
      id: sessions.id,
      userAgent: sessions.userAgent,
      method: sessions.method,
      createdAt: sessions.createdAt,
      ip: sql<string | null>`coalesce(${sessionSeen.ip}, ${sessions.ip})`,
      lastSeenAt: lastSeen,
    })
    .from(sessions)
    .leftJoin(sessionSeen, eq(sessionSeen.sessionId, sessions.id))
    .where(and(eq(sessions.userId, userId), gt(sessions.expiresAt, sql`now()`)))
    .orderBy(desc(lastSeen), desc(sessions.id));
}

/** Ends one of the user's sessions; answers whether there was one. */
export async function deleteSessionOfUser(
  db: DbOrTx,
  userId: number,
  sessionId: number,
): Promise<boolean> {
  const ended = await db
    .delete(sessions)
    .where(and(eq(sessions.id, sessionId), eq(sessions.userId, userId)))
    .returning({ id: sessions.id });
  return ended.length > 0;
}

/**
 * Notes a request of a session made at `at` (an ended session is skipped by the join). The row
 * keeps the latest request: a write that reaches the database after a later one changes nothing.
 */
export async function noteSeen(db: DbOrTx, sessionId: number, ip: string, at: Date): Promise<void> {
  await db.execute(sql`
    INSERT INTO session_seen (session_id, last_seen_at, ip)
    SELECT id, ${at.toISOString()}::timestamptz, ${ip} FROM sessions WHERE id = ${sessionId}
    ON CONFLICT (session_id) DO UPDATE SET last_seen_at = excluded.last_seen_at, ip = excluded.ip
      WHERE session_seen.last_seen_at < excluded.last_seen_at`);
}
