import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

/** Routes of the "patterns" feature (filled in by its issue). */
export const patternsRoutes: FastifyPluginAsyncZod = async () => {};
