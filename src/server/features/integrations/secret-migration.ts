import { and, eq, isNull, or, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { webhookEndpoints } from '../../db/schema/integrations';
import { isSealed, type SecretBox } from './secret-box';

/**
 * Encrypts the webhook secrets stored in plain text before encryption at rest (issue 33 item 7).
 * Runs at every start; only rows still holding plain text are touched, so it is a no-op after
 * the first. Answers how many endpoints it changed.
 */
export async function sealStoredSecrets(db: DbOrTx, box: SecretBox): Promise<number> {
  const plain = await db
    .select({
      id: webhookEndpoints.id,
      secret: webhookEndpoints.secret,
      previousSecret: webhookEndpoints.previousSecret,
    })
    .from(webhookEndpoints)
    .where(
      or(
        sql`${webhookEndpoints.secret} not like 'enc:%'`,
        sql`${webhookEndpoints.previousSecret} not like 'enc:%'`,
      ),
    );
  for (const row of plain)
    await db
      .update(webhookEndpoints)
      .set({
        secret: isSealed(row.secret) ? row.secret : box.seal(row.secret),
        previousSecret:
          row.previousSecret === null || isSealed(row.previousSecret)
            ? row.previousSecret
            : box.seal(row.previousSecret),
      })
      // Unchanged since read: a rotation by another process meanwhile is not overwritten.
      .where(
        and(
          eq(webhookEndpoints.id, row.id),
          eq(webhookEndpoints.secret, row.secret),
          row.previousSecret === null
            ? isNull(webhookEndpoints.previousSecret)
            : eq(webhookEndpoints.previousSecret, row.previousSecret),
        ),
      );
  return plain.length;
}
