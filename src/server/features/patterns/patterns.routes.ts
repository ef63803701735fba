import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

/** Routes of the "patterns" feature: each concern in its own file, registered here. */
export const patternsRoutes: FastifyPluginAsyncZod = async () => {};
