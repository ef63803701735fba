import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

/** Routes of the "support" feature (filled in by its issue). */
export const supportRoutes: FastifyPluginAsyncZod = async () => {};
