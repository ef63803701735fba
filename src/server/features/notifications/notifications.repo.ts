import { and, asc, eq, ne, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { mailPreferences } from '../../db/schema/review';
import { users } from '../../db/schema/users';

export async function findPreferences(db: DbOrTx, userId: number) {
  const [row] = await db.select().from(mailPreferences).where(eq(mailPreferences.userId, userId));
  return row;
}

export async function upsertPreferences(
  db: DbOrTx,
  userId: number,
  values: Partial<Pick<typeof mailPreferences.$inferInsert, 'reviewMails' | 'reviewRecipient'>>,
) {
  await db
    .insert(mailPreferences)
    .values({ userId, ...values })
    .onConflictDoUpdate({
      target: mailPreferences.userId,
      set: { ...values, updatedAt: new Date() },
    });
}

/** Enabled admins with their review-recipient choice (no row = yes). */
export async function listAdmins(db: DbOrTx) {
  return db
    .select({
      id: users.id,
      fullName: users.fullName,
      email: users.email,
      reviewRecipient: sql<boolean>`coalesce(${mailPreferences.reviewRecipient}, true)`,
    })
    .from(users)
    .leftJoin(mailPreferences, eq(mailPreferences.userId, users.id))
    .where(and(eq(users.role, 'admin'), eq(users.disabled, false)))
    .orderBy(asc(users.fullName), asc(users.id));
}

export async function setRecipients(db: DbOrTx, adminIds: number[], chosen: number[]) {
  for (const id of adminIds)
    await upsertPreferences(db, id, { reviewRecipient: chosen.includes(id) });
}

/** Who gets a review mail: admins chosen as recipients, or a brand's users; enabled, mails on, never the actor. */
export async function recipients(
  db: DbOrTx,
  who: { admins: true } | { brandId: number },
  exceptUserId: number,
) {
  const base = and(
    eq(users.disabled, false),
    ne(users.id, exceptUserId),
    sql`coalesce(${mailPreferences.reviewMails}, true)`,
    'admins' in who
      ? and(eq(users.role, 'admin'), sql`coalesce(${mailPreferences.reviewRecipient}, true)`)
      : and(eq(users.role, 'user'), eq(users.brandId, who.brandId)),
  );
  return db
    .select({ id: users.id, email: users.email, fullName: users.fullName })
    .from(users)
    .leftJoin(mailPreferences, eq(mailPreferences.userId, users.id))
    .where(base);
}
