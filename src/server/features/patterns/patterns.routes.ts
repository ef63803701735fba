import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { createPatternRoutes } from './create.routes';
import { detailRoutes } from './detail.routes';
import { patternDeleteRoutes } from './delete.routes';

/**
 * Routes of the "patterns" feature (create, detail and edit, delete), each concern in its own file;
 * the list (features/pattern-list), the lifecycle (features/lifecycle) and a pattern's sizes and
 * pieces (features/sizes) are registered by app.ts.
 */
export const patternsRoutes: FastifyPluginAsyncZod = async (app) => {
  await app.register(createPatternRoutes);
  await app.register(detailRoutes);
  await app.register(patternDeleteRoutes);
};
