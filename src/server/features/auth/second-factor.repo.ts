import { and, eq, gt, isNotNull, isNull, lt, or, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import {
  accountEvents,
  authChallenges,
  passkeys,
  recoveryCodes,
  twoFactor,
} from '../../db/schema/second-factor';
import { users } from '../../db/schema/users';
import { hashToken, newToken } from '../../lib/tokens';
import { TWO_FACTOR_RULES } from '../../../shared/contracts/two-factor';
import type { LoginAttempt } from './login-throttle';
import type { SessionOrigin } from './sessions.repo';
import { firstRow } from '../../lib/rows';

type ChallengeKind = (typeof authChallenges.$inferSelect)['kind'];

/** Whether the account has a second factor: an authenticator app turned on, or a passkey. */
/**
 * Whether a session counts as two factors for REQUIRE_ADMIN_2FA: the account has the authenticator
 * app on (a password sign-in then needed its code), or this session was opened with a passkey. A
 * passkey alone on the account does not make its password sign-ins two-factor.
 */
export async function hasSecondFactor(
  db: DbOrTx,
  userId: number,
  session: { id: number } | { viaPasskey: boolean },
): Promise<boolean> {
  if ('viaPasskey' in session && session.viaPasskey) return true;
  const sessionId = 'id' in session ? session.id : null;
  const res = await db.execute<{ yes: boolean }>(
    sql`SELECT EXISTS (SELECT 1 FROM two_factor WHERE user_id = ${userId} AND enabled_at IS NOT NULL)
        OR EXISTS (SELECT 1 FROM sessions WHERE id = ${sessionId} AND method = 'passkey') AS yes`,
  );
  const row = res.rows[0];
  return Boolean(row?.yes);
}

export async function createChallenge(
  db: DbOrTx,
  kind: ChallengeKind,
  userId: number | null,
  data: Record<string, unknown>,
  minutes = TWO_FACTOR_RULES.challengeMinutes,
): Promise<string> {
  const token = newToken();
  // Old half-done sign-ins go as new ones come: the table holds minutes' worth of rows.
  await db.delete(authChallenges).where(lt(authChallenges.expiresAt, sql`now()`));
  await db.insert(authChallenges).values({
    tokenHash: hashToken(token),
    kind,
    userId,
    data,
    expiresAt: new Date(Date.now() + minutes * 60_000),
  });
  return token;
}

/** The password was right: a code challenge when the account has an authenticator app on. */
export async function startCodeChallenge(
  db: DbOrTx,
  userId: number,
  attempt: LoginAttempt,
  origin: SessionOrigin,
): Promise<string | undefined> {
  const [on] = await db
    .select({ userId: twoFactor.userId })
    .from(twoFactor)
    .where(and(eq(twoFactor.userId, userId), isNotNull(twoFactor.enabledAt)));
  if (!on) return undefined;
  return createChallenge(db, 'totp', userId, { attempt, origin });
}

export async function findChallenge(db: DbOrTx, token: string, kind: ChallengeKind) {
  const [row] = await db
    .select()
    .from(authChallenges)
    .where(
      and(
        eq(authChallenges.tokenHash, hashToken(token)),
        eq(authChallenges.kind, kind),
        gt(authChallenges.expiresAt, sql`now()`),
      ),
    );
  return row;
}

/** Counts a wrong answer; answers the attempts so far (the row is gone when it is the last). */
export async function countWrong(db: DbOrTx, id: number): Promise<number> {
  const [row] = await db
    .update(authChallenges)
    .set({ attempts: sql`${authChallenges.attempts} + 1` })
    .where(eq(authChallenges.id, id))
    .returning({ attempts: authChallenges.attempts });
  return row?.attempts ?? TWO_FACTOR_RULES.maxTries;
}

/** Takes a challenge for good; false when another request took it first. */
export async function takeChallenge(db: DbOrTx, id: number): Promise<boolean> {
  const rows = await db
    .delete(authChallenges)
    .where(eq(authChallenges.id, id))
    .returning({ id: authChallenges.id });
  return rows.length === 1;
}

export async function findTwoFactor(db: DbOrTx, userId: number) {
  const [row] = await db.select().from(twoFactor).where(eq(twoFactor.userId, userId));
  return row;
}

/** A new, unconfirmed set-up (replacing one not confirmed). Never touches one that is on. */
export async function savePendingSecret(db: DbOrTx, userId: number, sealed: string) {
  await db
    .insert(twoFactor)
    .values({ userId, secret: sealed })
    .onConflictDoUpdate({
      target: twoFactor.userId,
      set: { secret: sealed, createdAt: sql`now()`, lastStep: null },
      setWhere: isNull(twoFactor.enabledAt),
    });
}

/**
 * Takes a TOTP step for the user: true only when no code of this step or a later one was taken
 * before (one atomic update, so two requests with the same code cannot both pass).
 */
export async function takeStep(
  db: DbOrTx,
  userId: number,
  step: number,
  enable = false,
): Promise<boolean> {
  const rows = await db
    .update(twoFactor)
    .set({ lastStep: step, ...(enable ? { enabledAt: sql`now()` } : {}) })
    .where(
      and(
        eq(twoFactor.userId, userId),
        or(isNull(twoFactor.lastStep), lt(twoFactor.lastStep, step)),
        enable ? isNull(twoFactor.enabledAt) : isNotNull(twoFactor.enabledAt),
      ),
    )
    .returning({ userId: twoFactor.userId });
  return rows.length === 1;
}

export async function replaceRecoveryCodes(db: DbOrTx, userId: number, hashes: string[]) {
  await db.delete(recoveryCodes).where(eq(recoveryCodes.userId, userId));
  await db.insert(recoveryCodes).values(hashes.map((codeHash) => ({ userId, codeHash })));
}

/** Uses a recovery code once: true when it was unused (atomic). */
export async function useRecoveryCode(db: DbOrTx, userId: number, codeHash: string) {
  const rows = await db
    .update(recoveryCodes)
    .set({ usedAt: sql`now()` })
    .where(
      and(
        eq(recoveryCodes.userId, userId),
        eq(recoveryCodes.codeHash, codeHash),
        isNull(recoveryCodes.usedAt),
      ),
    )
    .returning({ id: recoveryCodes.id });
  return rows.length === 1;
}

export async function recoveryCodesLeft(db: DbOrTx, userId: number): Promise<number> {
  const rows = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(recoveryCodes)
    .where(and(eq(recoveryCodes.userId, userId), isNull(recoveryCodes.usedAt)));
  return firstRow(rows, 'count of recovery codes').n;
}

/** Removes the authenticator app and the recovery codes. */
export async function removeTwoFactor(db: DbOrTx, userId: number) {
  await db.delete(twoFactor).where(eq(twoFactor.userId, userId));
  await db.delete(recoveryCodes).where(eq(recoveryCodes.userId, userId));
}

/**
 * A change of second factor changes the account: the users row's update tells every process's
 * session cache (migration 0007), so REQUIRE_ADMIN_2FA's gate and the sessions see it at once.
 */
export async function touchUser(db: DbOrTx, userId: number) {
  await db
    .update(users)
    .set({ updatedAt: sql`now()` })
    .where(eq(users.id, userId));
}

export async function recordEvent(
  db: DbOrTx,
  userId: number,
  kind: string,
  actorId: number | null = userId,
) {
  await db.insert(accountEvents).values({ userId, kind, actorId });
}

// Passkeys

export async function listPasskeys(db: DbOrTx, userId: number) {
  return db
    .select({
      id: passkeys.id,
      name: passkeys.name,
      credentialId: passkeys.credentialId,
      transports: passkeys.transports,
      createdAt: passkeys.createdAt,
      lastUsedAt: passkeys.lastUsedAt,
    })
    .from(passkeys)
    .where(eq(passkeys.userId, userId))
    .orderBy(passkeys.id);
}

export async function countPasskeys(db: DbOrTx, userId: number): Promise<number> {
  const rows = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(passkeys)
    .where(eq(passkeys.userId, userId));
  return firstRow(rows, 'count of passkeys').n;
}

export async function insertPasskey(db: DbOrTx, values: typeof passkeys.$inferInsert) {
  const rows = await db.insert(passkeys).values(values).returning({ id: passkeys.id });
  return firstRow(rows, 'insert into passkeys').id;
}

export async function findPasskeyByCredential(db: DbOrTx, credentialId: string) {
  const [row] = await db.select().from(passkeys).where(eq(passkeys.credentialId, credentialId));
  return row;
}

export async function usePasskey(db: DbOrTx, id: number, counter: number) {
  await db
    .update(passkeys)
    .set({ counter, lastUsedAt: sql`now()` })
    .where(eq(passkeys.id, id));
}

export async function renamePasskey(db: DbOrTx, userId: number, id: number, name: string) {
  const rows = await db
    .update(passkeys)
    .set({ name })
    .where(and(eq(passkeys.id, id), eq(passkeys.userId, userId)))
    .returning({ id: passkeys.id });
  return rows.length === 1;
}

export async function deletePasskey(db: DbOrTx, userId: number, id: number) {
  const rows = await db
    .delete(passkeys)
    .where(and(eq(passkeys.id, id), eq(passkeys.userId, userId)))
    .returning({ id: passkeys.id });
  return rows.length === 1;
}

export async function deletePasskeysOf(db: DbOrTx, userId: number) {
  await db.delete(passkeys).where(eq(passkeys.userId, userId));
}
