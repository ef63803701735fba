import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

/** Routes of the "newsletter" feature (filled in by its issue). */
export const newsletterRoutes: FastifyPluginAsyncZod = async () => {};
