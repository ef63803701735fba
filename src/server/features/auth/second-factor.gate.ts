import type { FastifyRequest } from 'fastify';
import type { AuthUser } from '../../context';
import { AppError } from '../../lib/app-error';
import { ERROR_CODES } from '../../../shared/errors';
import { TWO_FACTOR_MSG } from '../../../shared/contracts/two-factor';
import { hasSecondFactor } from './second-factor.repo';

/**
 * REQUIRE_ADMIN_2FA: an admin's session without a second factor (hasSecondFactor) gets no answer but the set-up's
 * (routes marked `secondFactorSetup`). One indexed look-up per admin request while the setting is on.
 */
export async function secondFactorGate(request: FastifyRequest, user: AuthUser): Promise<void> {
  const deps = request.server.deps;
  if (!deps.env.REQUIRE_ADMIN_2FA || user.role !== 'admin') return;
  if (await hasSecondFactor(deps.database.db, user.id, { id: user.sessionId })) return;
  throw new AppError(403, ERROR_CODES.twoFactorRequired, TWO_FACTOR_MSG.setupRequired);
}
