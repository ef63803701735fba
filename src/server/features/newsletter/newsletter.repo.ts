import { asc, gt, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { newsletterSubscriptions } from '../../db/schema/support';
import { firstRow } from '../../lib/rows';

/** Idempotent: the unique e-mail makes a second subscription a no-op, also under concurrent calls. */
export async function insertSubscription(db: DbOrTx, email: string): Promise<void> {
  await db
    .insert(newsletterSubscriptions)
    .values({ email })
    .onConflictDoNothing({ target: newsletterSubscriptions.email });
}

export async function summary(db: DbOrTx) {
  const rows = await db
    .select({
      n: sql<number>`count(*)::int`,
      latest: sql<string | null>`max(${newsletterSubscriptions.createdAt})`,
    })
    .from(newsletterSubscriptions);
  const row = firstRow(rows, 'count of newsletter subscriptions');
  return { count: row.n, latest: row.latest };
}

/** Keyset pages by id, so the export streams a list of any length in constant memory. */
export async function pageAfter(db: DbOrTx, afterId: number, limit: number) {
  return db
    .select({
      id: newsletterSubscriptions.id,
      email: newsletterSubscriptions.email,
      createdAt: newsletterSubscriptions.createdAt,
    })
    .from(newsletterSubscriptions)
    .where(gt(newsletterSubscriptions.id, afterId))
    .orderBy(asc(newsletterSubscriptions.id))
    .limit(limit);
}
