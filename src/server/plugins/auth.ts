import fp from 'fastify-plugin';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { forbidden, unauthenticated } from '../lib/app-error';
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
  assertTokenMayCall(user: AuthUser, method: string, url: string): void;
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

export async function requireUser(request: FastifyRequest, _reply?: FastifyReply): Promise<void> {
  const user = await resolveUser(request);
  if (!user) throw unauthenticated();
}

export async function requireAdmin(request: FastifyRequest, _reply?: FastifyReply): Promise<void> {
  const user = await resolveUser(request);
  if (!user) throw unauthenticated();
  if (user.role !== 'admin') throw forbidden('Only admins can do this.');
}

/** The signed-in user of a route guarded by requireUser/requireAdmin. */
export function currentUser(request: FastifyRequest): AuthUser {
  if (!request.authUser) throw unauthenticated();
  return request.authUser;
}

export const authPlugin = fp<{ lookups: BearerLookups }>(async (app, opts) => {
  app.decorate('bearerLookups', opts.lookups);
  app.decorateRequest('authUser', undefined);
  // API tokens are checked before any route runs, public ones included: a read-only token gets
  // 403 on every write, and no token manages accounts, tokens or webhooks.
  app.addHook('onRequest', async (request) => {
    const token = bearer(request);
    if (!token || !opts.lookups.isApiToken(token) || !request.routeOptions.url) return;
    const user = await resolveUser(request);
    if (user) opts.lookups.assertTokenMayCall(user, request.method, request.routeOptions.url);
  });
});
