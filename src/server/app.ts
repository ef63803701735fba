import Fastify, { type FastifyBaseLogger, type FastifyInstance } from 'fastify';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import multipart from '@fastify/multipart';
import fastifyStatic from '@fastify/static';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import {
  jsonSchemaTransform,
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import type { AppDeps } from './context';
import { fastifyTrustProxy } from './config/env';
import { requestId } from './lib/tokens';
import { ERROR_CODES, type ErrorBody } from '../shared/errors';
import { LIMITS } from '../shared/limits';
import { errorsPlugin } from './plugins/errors';
import { METRICS_PATH, metricsPlugin } from './plugins/metrics';
import { securityHeadersPlugin } from './plugins/security-headers';
import { authPlugin } from './plugins/auth';
import { inputGuardPlugin } from './plugins/input-guard';
import {
  SLOW_CLIENT_LIMITS,
  slowClientsPlugin,
  type SlowClientLimits,
} from './plugins/slow-clients';
import { healthRoutes } from './features/health';
import {
  authRoutes,
  findSessionUser,
  noteSessionSeen,
  oidcRoutes,
  secondFactorGate,
  sessionsRoutes,
} from './features/auth';
import { brandsRoutes } from './features/brands';
import { usersRoutes } from './features/users';
import { loadPattern, patternsRoutes } from './features/patterns';
import { patternListRoutes } from './features/pattern-list';
import { lifecycleRoutes } from './features/lifecycle';
import { publishedRoutes } from './features/published';
import { sizesRoutes } from './features/sizes';
import { filesRoutes } from './features/files';
import { supportRoutes } from './features/support';
import { newsletterRoutes } from './features/newsletter';
import { siteRoutes } from './features/site';
import { importsRoutes } from './features/imports';
import {
  findTokenUser,
  integrationsRoutes,
  integrationsOpenApi,
  isApiToken,
} from './features/integrations';
import { declareBackground } from './background';
import { activityRoutes } from './features/activity';
import { notificationsRoutes } from './features/notifications';
import { storefrontRoutes } from './features/storefront';
import { trashRoutes } from './features/trash';
import { bulkRoutes } from './features/bulk';
import { releasesRoutes } from './features/releases';

export interface BuildOptions {
  logger?: FastifyBaseLogger;
  /** Folder of the built web app; omitted in API tests. */
  webRoot?: string;
  /** Time-outs and minimum upload rate for slow clients (tests shorten them). */
  slowClients?: SlowClientLimits;
  /** Called on the new instance before any plugin or route is registered: tests add hooks (`onRoute`) here. */
  beforeRoutes?: (app: FastifyInstance) => void;
}

/** A request id from outside: 1 to 64 letters, digits and `._:-` (no spaces, quotes or markup). */
const SAFE_REQUEST_ID = /^[A-Za-z0-9._:-]{1,64}$/;

export function defaultWebRoot(): string | undefined {
  let dir = path.dirname(fileURLToPath(import.meta.url));
  for (let i = 0; i < 4; i++) {
    const candidate = path.join(dir, 'dist', 'web');
    if (fs.existsSync(path.join(candidate, 'index.html'))) return candidate;
    if (fs.existsSync(path.join(dir, 'web', 'index.html'))) return path.join(dir, 'web');
    dir = path.dirname(dir);
  }
  return undefined;
}

export async function buildApp(deps: AppDeps, opts: BuildOptions = {}) {
  const slow = opts.slowClients ?? SLOW_CLIENT_LIMITS;
  const base = Fastify({
    // Unfinished headers, slow whole requests and idle kept-alive sockets are cut (plugins/slow-clients.ts).
    http: {
      headersTimeout: slow.headersMs,
      requestTimeout: slow.requestMs,
      connectionsCheckingInterval: Math.min(1000, slow.headersMs),
    },
    requestTimeout: slow.requestMs,
    keepAliveTimeout: slow.keepAliveMs,
    ...(opts.logger ? { loggerInstance: opts.logger } : { logger: false }),
    trustProxy: fastifyTrustProxy(deps.env.TRUST_PROXY),
    bodyLimit: 1024 * 1024,
    // A proxy's x-request-id is taken only in a safe shape (logged and echoed as is); any other
    // request gets an id unique across processes and restarts, so a log line found by the id an
    // answer names is that request's.
    requestIdHeader: false,
    genReqId: (req) => {
      const sent = req.headers['x-request-id'];
      return typeof sent === 'string' && SAFE_REQUEST_ID.test(sent) ? sent : requestId();
    },
  });
  opts.beforeRoutes?.(base);
  const app = base.withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.decorate('deps', deps);
  app.decorate('db', deps.database.db);

  await app.register(errorsPlugin);
  await app.register(metricsPlugin);
  await app.register(inputGuardPlugin);
  await app.register(slowClientsPlugin, { limits: slow });
  await app.register(securityHeadersPlugin, {
    contentSecurityPolicy: {
      directives: {
        'img-src': ["'self'", 'data:', 'blob:'],
        'worker-src': ["'self'", 'blob:'],
        'script-src': ["'self'"],
        'upgrade-insecure-requests': null,
      },
    },
    crossOriginEmbedderPolicy: false,
  });
  await app.register(multipart, {
    limits: {
      fileSize: LIMITS.imageBytes,
      files: LIMITS.heroImagesMax + LIMITS.sizesMax + 10,
      fields: 20,
      fieldSize: 1024 * 1024,
      parts: 400,
    },
  });
  // Before any route: every /api route declares its access, checked when it is registered.
  await app.register(authPlugin, {
    lookups: { findSessionUser, isApiToken, findTokenUser, secondFactorGate },
  });
  // Signed-in devices: a session's "last seen" (written at most every few minutes).
  app.addHook('onResponse', async (request) => {
    if (request.authUser) noteSessionSeen(deps, request.authUser, request.ip, request.log);
  });
  await app.register(swagger, {
    openapi: {
      info: { title: 'Pattern Partner Portal API', version: '1.0.0' },
      ...integrationsOpenApi,
    },
    transform: jsonSchemaTransform,
  });
  await app.register(swaggerUi, { routePrefix: '/api/docs' });

  await app.register(healthRoutes);
  await app.register(authRoutes);
  await app.register(oidcRoutes);
  await app.register(sessionsRoutes);
  await app.register(brandsRoutes);
  await app.register(usersRoutes);
  await app.register(patternsRoutes);
  await app.register(patternListRoutes);
  await app.register(lifecycleRoutes);
  await app.register(publishedRoutes);
  await app.register(sizesRoutes);
  await app.register(filesRoutes);
  await app.register(supportRoutes);
  await app.register(newsletterRoutes);
  await app.register(siteRoutes);
  await app.register(importsRoutes);
  await app.register(integrationsRoutes);
  declareBackground(app);
  await app.register(activityRoutes, { loadPattern });
  await app.register(notificationsRoutes);
  await app.register(storefrontRoutes);
  await app.register(trashRoutes);
  await app.register(bulkRoutes);
  await app.register(releasesRoutes);

  app.get('/', { schema: { hide: true } }, (_req, reply) => reply.redirect('/app/'));
  app.get('/app', { schema: { hide: true } }, (_req, reply) => reply.redirect('/app/dashboard'));
  app.get('/app/', { schema: { hide: true } }, (_req, reply) => reply.redirect('/app/dashboard'));

  const webRoot = opts.webRoot;
  if (webRoot) {
    await app.register(fastifyStatic, {
      root: webRoot,
      prefix: '/app/',
      index: false,
      preCompressed: true,
      setHeaders(res, filePath) {
        res.header(
          'cache-control',
          filePath.includes(`${path.sep}assets${path.sep}`)
            ? 'public, max-age=31536000, immutable'
            : 'no-cache',
        );
      },
    });
  }

  app.setNotFoundHandler((request, reply) => {
    const pathname = request.url.split('?')[0] ?? '';
    if (
      request.url.startsWith('/api/') ||
      request.url === '/api' ||
      // No METRICS_TOKEN: no such route (plugins/metrics.ts), not the web app's page.
      pathname.replace(/\/$/, '') === METRICS_PATH ||
      !webRoot ||
      request.method !== 'GET'
    ) {
      return reply.status(404).send({
        message: `No API route ${request.method} ${pathname}`,
        code: ERROR_CODES.notFound,
      } satisfies ErrorBody);
    }
    // Every other page is the single-page app; its router shows the 404 page for unknown paths.
    return reply
      .header('cache-control', 'no-cache')
      .type('text/html')
      .sendFile('index.html', webRoot);
  });

  return app;
}
export type App = Awaited<ReturnType<typeof buildApp>>;
