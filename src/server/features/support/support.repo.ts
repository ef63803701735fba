import { and, desc, eq, isNotNull, isNull, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { DbOrTx } from '../../db/client';
import { brands } from '../../db/schema/brands';
import { supportMessages } from '../../db/schema/support';
import { users } from '../../db/schema/users';
import type { SupportStatus } from '../../../shared/contracts/support';
import { firstRow } from '../../lib/rows';

const handler = alias(users, 'handler');

const columns = {
  id: supportMessages.id,
  fullName: supportMessages.fullName,
  Brand_Company: supportMessages.Brand_Company,
  subject: supportMessages.subject,
  email: supportMessages.email,
  country: supportMessages.country,
  phoneNumber: supportMessages.phoneNumber,
  message: supportMessages.message,
  userId: supportMessages.userId,
  brandId: supportMessages.brandId,
  brandName: brands.name,
  createdAt: supportMessages.createdAt,
  handledAt: supportMessages.handledAt,
  handledBy: supportMessages.handledBy,
  handledByName: handler.fullName,
};

export type NewSupportMessage = typeof supportMessages.$inferInsert;

export async function insertMessage(db: DbOrTx, values: NewSupportMessage): Promise<number> {
  const rows = await db
    .insert(supportMessages)
    .values(values)
    .returning({ id: supportMessages.id });
  return firstRow(rows, 'insert into support messages').id;
}

export async function findMessage(db: DbOrTx, id: number) {
  const [row] = await db
    .select(columns)
    .from(supportMessages)
    .leftJoin(brands, eq(brands.id, supportMessages.brandId))
    .leftJoin(handler, eq(handler.id, supportMessages.handledBy))
    .where(eq(supportMessages.id, id))
    .limit(1);
  return row;
}

function statusFilter(status: SupportStatus): SQL | undefined {
  if (status === 'open') return isNull(supportMessages.handledAt);
  if (status === 'handled') return isNotNull(supportMessages.handledAt);
  return undefined;
}

/** One page, newest first (the created_at index serves the order). */
export async function listMessages(
  db: DbOrTx,
  opts: { status: SupportStatus; limit: number; offset: number },
) {
  return db
    .select(columns)
    .from(supportMessages)
    .leftJoin(brands, eq(brands.id, supportMessages.brandId))
    .leftJoin(handler, eq(handler.id, supportMessages.handledBy))
    .where(and(statusFilter(opts.status)))
    .orderBy(desc(supportMessages.createdAt), desc(supportMessages.id))
    .limit(opts.limit)
    .offset(opts.offset);
}

/** The inbox is small next to the catalogue (people write to support, not scripts: rate limited), so count(*) stays cheap. */
export async function countMessages(db: DbOrTx, status: SupportStatus): Promise<number> {
  const rows = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(supportMessages)
    .where(and(statusFilter(status)));
  return firstRow(rows, 'count of support messages').n;
}

/** Marking twice keeps the first admin and time (SET reads the row's old values). */
export async function setHandled(
  db: DbOrTx,
  id: number,
  handledBy: number | null,
): Promise<boolean> {
  const rows = await db
    .update(supportMessages)
    .set(
      handledBy === null
        ? { handledAt: null, handledBy: null }
        : {
            handledAt: sql`coalesce(${supportMessages.handledAt}, now())`,
            handledBy: sql`case when ${supportMessages.handledAt} is null then ${handledBy}::int else ${supportMessages.handledBy} end`,
          },
    )
    .where(eq(supportMessages.id, id))
    .returning({ id: supportMessages.id });
  return rows.length > 0;
}
