import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

/** Routes of the "files" feature (filled in by its issue). */
export const filesRoutes: FastifyPluginAsyncZod = async () => {};
