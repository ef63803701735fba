import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { LoginResponseSchema } from '../../../shared/contracts/auth';
import { OIDC_PATHS, OIDC_RETURN_PATH, OidcConfigSchema } from '../../../shared/contracts/oidc';
import * as oidc from './oidc';

/** Company sign-in (OpenID Connect): see oidc.ts and docs/sign-in.md. */
export const oidcRoutes: FastifyPluginAsyncZod = async (app) => {
  const deps = app.deps;

  app.get(
    OIDC_PATHS.config,
    {
      config: { access: 'public' },
      schema: { tags: ['auth'], response: { 200: OidcConfigSchema } },
    },
    async () => ({ displayName: oidc.oidcDisplayName(deps) }),
  );

  app.get(
    OIDC_PATHS.start,
    {
      config: { access: 'public' },
      schema: {
        tags: ['auth'],
        description: 'A browser navigation: redirects to the company sign-in provider.',
      },
    },
    async (request, reply) => {
      const { location, flow } = await oidc.start(deps, request.log);
      reply.header('set-cookie', oidc.flowCookie(deps, flow));
      return reply.redirect(location || OIDC_RETURN_PATH, 303);
    },
  );

  app.get(
    OIDC_PATHS.callback,
    {
      config: { access: 'public' },
      schema: {
        tags: ['auth'],
        description:
          'The redirect URI registered at the provider: checks its answer and sends the browser to the sign-in page.',
      },
    },
    async (request, reply) => {
      const query = request.url.includes('?')
        ? request.url.slice(request.url.indexOf('?') + 1)
        : '';
      const outcome = await oidc.callback(deps, request.log, query, request.headers.cookie, {
        ip: request.ip,
        userAgent: request.headers['user-agent'],
      });
      reply.header('set-cookie', oidc.flowCookie(deps, outcome));
      return reply.redirect(OIDC_RETURN_PATH, 303);
    },
  );

  app.post(
    OIDC_PATHS.finish,
    {
      config: { access: 'public' },
      schema: { tags: ['auth'], response: { 200: LoginResponseSchema } },
    },
    async (request, reply) => {
      // Collected once: the cookie goes, whatever the outcome.
      reply.header('set-cookie', oidc.flowCookie(deps, null));
      return oidc.finish(deps, request.headers.cookie);
    },
  );
};
