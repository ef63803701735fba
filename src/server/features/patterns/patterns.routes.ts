import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { createPatternRoutes } from './create.routes';
import { detailRoutes } from './detail.routes';
import { lifecycleRoutes } from './lifecycle.routes';
import { patternListRoutes } from './list.routes';
import { sizesRoutes } from '../sizes';
import { patternDeleteRoutes } from './delete.routes';

/** Routes of the "patterns" feature: each concern in its own file, registered here. */
export const patternsRoutes: FastifyPluginAsyncZod = async (app) => {
  await app.register(createPatternRoutes);
  await app.register(detailRoutes);
  await app.register(lifecycleRoutes);
  await app.register(patternListRoutes);
  await app.register(sizesRoutes);
  await app.register(patternDeleteRoutes);
};
