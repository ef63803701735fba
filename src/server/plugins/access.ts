import type { FastifyInstance, FastifyRequest, RouteOptions } from 'fastify';
import { forbidden, unauthenticated } from '../lib/app-error';
import { INTEGRATION_MSG } from '../../shared/contracts/integrations';

/**
 * Who may call a route, declared where the route is registered (issue 33 item 8):
 * `config: { access: 'admin' }`, `config: { access: 'signedIn', tokens: 'read' }`.
 *
 * - `access`: `public` (anyone), `signedIn` (a session or an API token; 401 without), `admin`
 *   (401 without a sign-in, 403 for a partner).
 * - `tokens`: whether an API token may call it at all. Tokens are for catalogue integrations
 *   (patterns, sizes, files, the changes feed): `read` lets every token call it (it changes
 *   nothing), `write` only read-and-write tokens; left out, every token gets 403.
 */
export type Access = 'public' | 'signedIn' | 'admin';
export type TokenUse = 'read' | 'write';

declare module 'fastify' {
  interface FastifyContextConfig {
    access?: Access;
    tokens?: TokenUse;
    /** Answers an admin who must still set up a second factor (REQUIRE_ADMIN_2FA); others are refused. */
    secondFactorSetup?: boolean;
  }
}

/** Routes of the API reference (`@fastify/swagger-ui`), which takes no per-route config: public. */
export const DOCS_PREFIX = '/api/docs';

const isApi = (url: string) => url === '/api' || url.startsWith('/api/');

/** Start-up: an /api route without a declaration stops the app, naming the route. */
export function checkDeclared(route: RouteOptions): void {
  if (!isApi(route.url)) return;
  if (route.url === DOCS_PREFIX || route.url.startsWith(`${DOCS_PREFIX}/`)) {
    route.config = { access: 'public', tokens: 'read', ...route.config };
    return;
  }
  const access = route.config?.access;
  const methods = [route.method].flat().join(',');
  if (access !== 'public' && access !== 'signedIn' && access !== 'admin')
    throw new Error(
      `${methods} ${route.url} declares no access: add config: { access: 'public' | 'signedIn' | 'admin' } where it is registered`,
    );
  const tokens = route.config?.tokens;
  if (tokens !== undefined && tokens !== 'read' && tokens !== 'write')
    throw new Error(
      `${methods} ${route.url} declares tokens: ${String(tokens)}; use 'read' or 'write'`,
    );
  if (access === 'admin' && tokens !== undefined)
    throw new Error(`${methods} ${route.url} is for admins; API tokens may not call admin routes`);
}

interface Resolve {
  user(request: FastifyRequest): Promise<FastifyRequest['authUser']>;
  isApiToken(request: FastifyRequest): boolean;
  /** Refuses a signed-in session that may not go on yet (an admin without a required second factor). */
  gate?(request: FastifyRequest, user: NonNullable<FastifyRequest['authUser']>): Promise<void>;
}

/** Each request: the route's declaration decides, before its body is read. */
export function addAccessHooks(app: FastifyInstance, resolve: Resolve): void {
  app.addHook('onRoute', checkDeclared);
  app.addHook('onRequest', async (request) => {
    const url = request.routeOptions.url;
    if (!url || !isApi(url)) return;
    const { access, tokens } = request.routeOptions.config;
    if (!access) throw forbidden(); // not reachable: checkDeclared refuses such routes at start-up
    // Public routes look at the bearer only when it is an API token (which they may refuse).
    const user =
      access === 'public' && !resolve.isApiToken(request) ? undefined : await resolve.user(request);
    if (user?.token) {
      if (!tokens) throw forbidden(INTEGRATION_MSG.tokenNotAllowed);
      if (tokens === 'write' && user.token.scope !== 'read_write')
        throw forbidden(INTEGRATION_MSG.tokenReadOnly);
    }
    if (access === 'public') return;
    if (!user) throw unauthenticated();
    if (access === 'admin' && user.role !== 'admin') throw forbidden('Only admins can do this.');
    if (!user.token && resolve.gate && !request.routeOptions.config.secondFactorSetup)
      await resolve.gate(request, user);
  });
}
