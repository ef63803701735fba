import { and, desc, eq, isNull, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { brands } from '../../db/schema/brands';
import { invitations, users } from '../../db/schema/users';
import { firstRow } from '../../lib/rows';

const pending = and(isNull(invitations.usedAt), isNull(invitations.cancelledAt));
const inviter = sql<
  string | null
>`(SELECT full_name FROM users WHERE id = ${invitations.invitedBy})`;

const invitationColumns = {
  id: invitations.id,
  email: invitations.email,
  fullName: invitations.fullName,
  role: invitations.role,
  brandId: invitations.brandId,
  brandName: brands.name,
  invitedBy: inviter,
  sentAt: invitations.sentAt,
  expiresAt: invitations.expiresAt,
  expired: sql<boolean>`${invitations.expiresAt} <= now()`,
};

export async function listPending(db: DbOrTx) {
  return db
    .select(invitationColumns)
    .from(invitations)
    .leftJoin(brands, eq(brands.id, invitations.brandId))
    .where(pending)
    .orderBy(desc(invitations.sentAt), desc(invitations.id));
}
export type InvitationRow = Awaited<ReturnType<typeof listPending>>[number];

export async function findPending(db: DbOrTx, id: number): Promise<InvitationRow | undefined> {
  const [row] = await db
    .select(invitationColumns)
    .from(invitations)
    .leftJoin(brands, eq(brands.id, invitations.brandId))
    .where(and(eq(invitations.id, id), pending))
    .limit(1);
  return row;
}

export async function pendingForEmail(db: DbOrTx, email: string): Promise<boolean> {
  const [row] = await db
    .select({ id: invitations.id })
    .from(invitations)
    .where(and(sql`lower(${invitations.email}) = ${email.toLowerCase()}`, pending))
    .limit(1);
  return Boolean(row);
}

export async function insertInvitation(db: DbOrTx, values: typeof invitations.$inferInsert) {
  const rows = await db.insert(invitations).values(values).returning({ id: invitations.id });
  return firstRow(rows, 'insert into invitations').id;
}

/** A new link for a pending invitation: the old one stops working. */
export async function renew(db: DbOrTx, id: number, tokenHash: string, expiresAt: Date) {
  const rows = await db
    .update(invitations)
    .set({ tokenHash, expiresAt, sentAt: sql`now()` })
    .where(and(eq(invitations.id, id), pending))
    .returning({ id: invitations.id });
  return rows.length > 0;
}

export async function cancel(db: DbOrTx, id: number): Promise<boolean> {
  const rows = await db
    .update(invitations)
    .set({ cancelledAt: sql`now()` })
    .where(and(eq(invitations.id, id), pending))
    .returning({ id: invitations.id });
  return rows.length > 0;
}

/** The invitation a link's token names, whatever its state. */
export async function findByToken(db: DbOrTx, tokenHash: string) {
  const [row] = await db
    .select({
      id: invitations.id,
      email: invitations.email,
      fullName: invitations.fullName,
      role: invitations.role,
      brandId: invitations.brandId,
      usedAt: invitations.usedAt,
      cancelledAt: invitations.cancelledAt,
      expired: sql<boolean>`${invitations.expiresAt} <= now()`,
    })
    .from(invitations)
    .where(eq(invitations.tokenHash, tokenHash))
    .limit(1);
  return row;
}

/** Uses a pending, unexpired invitation once: answers false when another request used it first. */
export async function markUsed(db: DbOrTx, id: number): Promise<boolean> {
  const rows = await db
    .update(invitations)
    .set({ usedAt: sql`now()` })
    .where(and(eq(invitations.id, id), pending, sql`${invitations.expiresAt} > now()`))
    .returning({ id: invitations.id });
  return rows.length > 0;
}

export async function emailHasAccount(db: DbOrTx, email: string): Promise<boolean> {
  const [row] = await db
    .select({ id: users.id })
    .from(users)
    .where(sql`lower(${users.email}) = ${email.toLowerCase()}`)
    .limit(1);
  return Boolean(row);
}
