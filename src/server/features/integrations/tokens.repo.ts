import { and, desc, eq, gt, isNull, or, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { apiTokens } from '../../db/schema/integrations';
import { brands } from '../../db/schema/brands';
import { users } from '../../db/schema/users';
import { firstRow } from '../../lib/rows';

export async function insertToken(
  db: DbOrTx,
  v: {
    name: string;
    tokenHash: string;
    scope: 'read' | 'read_write';
    brandId: number | null;
    createdBy: number;
    expiresAt: Date | null;
  },
) {
  const rows = await db.insert(apiTokens).values(v).returning({ id: apiTokens.id });
  return firstRow(rows, 'insert into api tokens').id;
}

const listColumns = {
  id: apiTokens.id,
  name: apiTokens.name,
  scope: apiTokens.scope,
  brandId: apiTokens.brandId,
  brandName: brands.name,
  expiresAt: apiTokens.expiresAt,
  lastUsedAt: apiTokens.lastUsedAt,
  revokedAt: apiTokens.revokedAt,
  createdAt: apiTokens.createdAt,
};
export type TokenRow = Awaited<ReturnType<typeof listTokens>>[number];

export async function listTokens(db: DbOrTx, id?: number) {
  return db
    .select(listColumns)
    .from(apiTokens)
    .leftJoin(brands, eq(brands.id, apiTokens.brandId))
    .where(id === undefined ? undefined : eq(apiTokens.id, id))
    .orderBy(desc(apiTokens.id));
}

export async function revokeToken(db: DbOrTx, id: number): Promise<boolean> {
  const rows = await db
    .update(apiTokens)
    .set({ revokedAt: sql`coalesce(${apiTokens.revokedAt}, now())` })
    .where(eq(apiTokens.id, id))
    .returning({ id: apiTokens.id });
  return rows.length > 0;
}

/**
 * One indexed query per request, like sessions: a token that is revoked, expired, or whose admin
 * was disabled or removed is simply not found.
 */
export async function findActiveToken(db: DbOrTx, tokenHash: string) {
  const [row] = await db
    .select({
      tokenId: apiTokens.id,
      scope: apiTokens.scope,
      tokenBrandId: apiTokens.brandId,
      lastUsedAt: apiTokens.lastUsedAt,
      userId: users.id,
      email: users.email,
      fullName: users.fullName,
    })
    .from(apiTokens)
    .innerJoin(
      users,
      and(eq(users.id, apiTokens.createdBy), eq(users.disabled, false), eq(users.role, 'admin')),
    )
    .where(
      and(
        eq(apiTokens.tokenHash, tokenHash),
        isNull(apiTokens.revokedAt),
        or(isNull(apiTokens.expiresAt), gt(apiTokens.expiresAt, sql`now()`)),
      ),
    )
    .limit(1);
  return row;
}

/** At most one write a minute per token: "last used" is for people, not an audit log. */
export async function touchToken(db: DbOrTx, id: number) {
  await db
    .update(apiTokens)
    .set({ lastUsedAt: sql`now()` })
    .where(
      and(
        eq(apiTokens.id, id),
        or(
          isNull(apiTokens.lastUsedAt),
          sql`${apiTokens.lastUsedAt} < now() - interval '1 minute'`,
        ),
      ),
    );
}
