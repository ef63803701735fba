import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { createPatternRoutes } from './create.routes';
import { detailRoutes } from './detail.routes';
import { lifecycleRoutes } from '../lifecycle/lifecycle.routes';
import { patternListRoutes } from '../pattern-list/list.routes';
import { patternDeleteRoutes } from './delete.routes';
import { publishedRoutes } from '../lifecycle/published.routes';

/** Routes of the "patterns" feature: each concern in its own file, registered here (a pattern's sizes and pieces are the sizes feature's, registered by app.ts). */
export const patternsRoutes: FastifyPluginAsyncZod = async (app) => {
  await app.register(createPatternRoutes);
  await app.register(detailRoutes);
  await app.register(lifecycleRoutes);
  await app.register(patternListRoutes);
  await app.register(patternDeleteRoutes);
  await app.register(publishedRoutes);
};
