import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

/** Routes of the "users" feature (filled in by its issue). */
export const usersRoutes: FastifyPluginAsyncZod = async () => {};
