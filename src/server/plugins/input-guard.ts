import fp from 'fastify-plugin';
import { hasNul, nulMessage } from '../../shared/contracts/common';
import { badRequest } from '../lib/app-error';

/** The first path (`a.b.0`) holding a string with a NUL character, if any. */
function findNul(value: unknown, path: string, depth = 0): string | undefined {
  if (typeof value === 'string') return hasNul(value) ? path || '_' : undefined;
  if (depth > 20 || value === null || typeof value !== 'object' || Buffer.isBuffer(value))
    return undefined;
  for (const [k, v] of Object.entries(value)) {
    if (hasNul(k)) return path || '_';
    const found = findNul(v, path ? `${path}.${k}` : k, depth + 1);
    if (found) return found;
  }
  return undefined;
}

/**
 * The one place every route's path, query and JSON body lose any chance of carrying a NUL
 * character to the database (which answers 500 for it): refused with 400 at the field, before
 * validation, whatever the route's own schema says. Multipart parts are read by the services and
 * checked by the shared text schemas (src/shared/contracts/common.ts).
 */
export const inputGuardPlugin = fp(async (app) => {
  app.addHook('preValidation', async (request) => {
    for (const value of [request.params, request.query, request.body]) {
      const field = findNul(value, '');
      if (field) throw badRequest(nulMessage(field), { [field]: nulMessage(field) });
    }
  });
});
