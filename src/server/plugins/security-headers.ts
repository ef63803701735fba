import fp from 'fastify-plugin';
import helmet, { type HelmetOptions } from 'helmet';

/**
 * Helmet's security headers (CSP, HSTS, frame and referrer policies, …) on every answer: API
 * replies, pages, assets, errors and 404s. The middleware is built once, here. @fastify/helmet,
 * used before (ADR 005), built it again on every request (`helmet(options)` in an onRequest hook:
 * the CSP's directives parsed anew each time) and ran a second, async hook for its reply
 * decorators; together about 30 µs of CPU a request, 3 % of a list read (issue 15,
 * docs/decisions/005-security-headers.md). Per-route helmet options and CSP nonces, which that
 * plugin offered, are not used by the portal.
 */
export const securityHeadersPlugin = fp<HelmetOptions>(
  async (app, options) => {
    const apply = helmet(options);
    app.addHook('onRequest', (request, reply, next) =>
      apply(request.raw, reply.raw, next as (err?: unknown) => void),
    );
  },
  { name: 'security-headers' },
);
