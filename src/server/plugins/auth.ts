import fp from 'fastify-plugin';
import type { FastifyRequest } from 'fastify';
import { unauthenticated } from '../lib/app-error';
import { addAccessHooks } from './access';
import type { AuthUser } from '../context';
import type { Db } from '../db/client';

/**
 * Who a bearer token belongs to: the auth feature knows sessions, the integrations feature API
 * tokens. app.ts passes them in, so this plugin (like all of plugins/) imports no feature.
 */
export interface BearerLookups {
  findSessionUser(db: Db, token: string): Promise<AuthUser | undefined>;
  isApiToken(token: string): boolean;
  findTokenUser(db: Db, token: string): Promise<AuthUser | undefined>;
  /** Refuses a session that must set up a second factor first, on every route but the set-up's. */
  secondFactorGate?(request: FastifyRequest, user: AuthUser): Promise<void>;
}

declare module 'fastify' {
  interface FastifyInstance {
    bearerLookups: BearerLookups;
  }
}

function bearer(request: FastifyRequest): string | undefined {
  const h = request.headers.authorization;
  if (!h) return undefined;
  const [scheme, token] = h.split(' ');
  return scheme?.toLowerCase() === 'bearer' && token ? token : undefined;
}

/** Resolves the bearer token once per request. Disabled users and ended sessions are simply not found. */
export async function resolveUser(request: FastifyRequest): Promise<AuthUser | undefined> {
  if (request.authUser) return request.authUser;
  const token = bearer(request);
  if (!token) return undefined;
  const lookups = request.server.bearerLookups;
  request.authUser = lookups.isApiToken(token)
    ? await lookups.findTokenUser(request.server.db, token)
    : await lookups.findSessionUser(request.server.db, token);
  return request.authUser;
}

/** The signed-in user of a route declared `signedIn` or `admin`. */
export function currentUser(request: FastifyRequest): AuthUser {
  if (!request.authUser) throw unauthenticated();
  return request.authUser;
}

/**
 * Registered before every route (the API reference's included): each /api route declares who may
 * call it (`config.access`, `config.tokens`, see ./access.ts), checked before the body is read.
 */
export const authPlugin = fp<{ lookups: BearerLookups }>(async (app, opts) => {
  app.decorate('bearerLookups', opts.lookups);
  app.decorateRequest('authUser', undefined);
  addAccessHooks(app, {
    user: resolveUser,
    isApiToken: (request) => {
      const token = bearer(request);
      return token !== undefined && opts.lookups.isApiToken(token);
    },
    gate: opts.lookups.secondFactorGate,
  });
});
