import type { DbOrTx } from '../../db/client';
import type { AuthUser } from '../../context';
import { badRequest, notFound } from '../../lib/app-error';
import { hashToken, newToken } from '../../lib/tokens';
import {
  API_TOKEN_PREFIX,
  INTEGRATION_MSG,
  type ApiToken,
  type CreateTokenSchema,
  type TokenCreatedResponse,
} from '../../../shared/contracts/integrations';
import type { z } from 'zod';
import { findBrand } from '../brands';
import * as repo from './tokens.repo';
import { firstRow } from '../../lib/rows';

const iso = (d: Date | null) => (d ? d.toISOString() : null);

function toApiToken(r: repo.TokenRow): ApiToken {
  return {
    id: r.id,
    name: r.name,
    scope: r.scope,
    brand: r.brandId && r.brandName ? { id: r.brandId, name: r.brandName } : null,
    expiresAt: iso(r.expiresAt),
    lastUsedAt: iso(r.lastUsedAt),
    revokedAt: iso(r.revokedAt),
    createdAt: r.createdAt.toISOString(),
  };
}

export async function listTokens(db: DbOrTx): Promise<ApiToken[]> {
  return (await repo.listTokens(db)).map(toApiToken);
}

export async function createToken(
  db: DbOrTx,
  admin: AuthUser,
  input: z.output<typeof CreateTokenSchema>,
): Promise<TokenCreatedResponse> {
  const expiresAt = input.expiresAt ? new Date(input.expiresAt) : null;
  if (expiresAt && expiresAt.getTime() <= Date.now())
    throw badRequest('Expiry must be in the future', { expiresAt: 'Expiry must be in the future' });
  if (input.brandId !== null && !(await findBrand(db, input.brandId)))
    throw badRequest('Choose an existing brand', { brandId: 'Choose an existing brand' });
  const token = API_TOKEN_PREFIX + newToken();
  const id = await repo.insertToken(db, {
    name: input.name,
    scope: input.scope,
    brandId: input.brandId,
    expiresAt,
    createdBy: admin.id,
    tokenHash: hashToken(token),
  });
  const row = firstRow(await repo.listTokens(db, id), 'the token just inserted');
  return { data: toApiToken(row), token, message: INTEGRATION_MSG.tokenCreated };
}

export async function revokeToken(db: DbOrTx, id: number): Promise<void> {
  if (!(await repo.revokeToken(db, id))) throw notFound('Token');
}

/**
 * A token acts as a user of its brand (role "user": another brand's records are 404), or as an
 * admin when it has no brand. Its creating admin is the author of what it writes.
 */
export async function findTokenUser(db: DbOrTx, token: string): Promise<AuthUser | undefined> {
  const row = await repo.findActiveToken(db, hashToken(token));
  if (!row) return undefined;
  if (!row.lastUsedAt || Date.now() - row.lastUsedAt.getTime() > 60_000)
    await repo.touchToken(db, row.tokenId);
  return {
    id: row.userId,
    role: row.tokenBrandId === null ? 'admin' : 'user',
    brandId: row.tokenBrandId,
    email: row.email,
    fullName: row.fullName,
    sessionId: 0,
    token: { id: row.tokenId, scope: row.scope },
  };
}

export const isApiToken = (bearer: string) => bearer.startsWith(API_TOKEN_PREFIX);
