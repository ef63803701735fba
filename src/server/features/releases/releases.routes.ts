import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { IdParamSchema } from '../../../shared/contracts/common';
import {
  PatternReleaseResponseSchema,
  RELEASE_MSG,
  RELEASE_ROUTES,
  ReleaseCreateSchema,
  ReleaseDetailResponseSchema,
  ReleaseListResponseSchema,
  ReleaseResponseSchema,
  ReleaseUpdateSchema,
} from '../../../shared/contracts/releases';
import { currentUser } from '../../plugins/auth';
import * as service from './releases.service';

/** Releases (docs/releases.md): admins schedule, change and cancel them; a pattern's own release is readable by whoever sees it. */
export const releasesRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['releases'];
  const admin = { access: 'admin' } as const;

  app.get(
    RELEASE_ROUTES.list,
    { config: admin, schema: { tags, response: { 200: ReleaseListResponseSchema } } },
    async () => ({ data: await service.listReleases(app.deps) }),
  );

  app.post(
    RELEASE_ROUTES.list,
    {
      config: admin,
      schema: {
        tags,
        summary:
          'Schedule a release: publishAt on the publisher’s clock ("2027-01-15T07:00") or with an offset',
        body: ReleaseCreateSchema,
        response: { 201: ReleaseResponseSchema },
      },
    },
    async (request, reply) => {
      const data = await service.createRelease(app.deps, currentUser(request), request.body);
      return reply.code(201).send({ message: RELEASE_MSG.created, data });
    },
  );

  app.get(
    RELEASE_ROUTES.one,
    {
      config: admin,
      schema: { tags, params: IdParamSchema, response: { 200: ReleaseDetailResponseSchema } },
    },
    async (request) => ({ data: await service.getRelease(app.deps, request.params.id) }),
  );

  app.patch(
    RELEASE_ROUTES.one,
    {
      config: admin,
      schema: {
        tags,
        summary: 'Rename, move, add or remove patterns (while scheduled)',
        params: IdParamSchema,
        body: ReleaseUpdateSchema,
        response: { 200: ReleaseResponseSchema },
      },
    },
    async (request) => ({
      message: RELEASE_MSG.updated,
      data: await service.updateRelease(app.deps, request.params.id, request.body),
    }),
  );

  app.delete(
    RELEASE_ROUTES.one,
    {
      config: admin,
      schema: {
        tags,
        summary: 'Cancel a scheduled release',
        params: IdParamSchema,
        response: { 200: ReleaseResponseSchema },
      },
    },
    async (request) => ({
      message: RELEASE_MSG.cancelled,
      data: await service.cancelRelease(app.deps, request.params.id),
    }),
  );

  app.get(
    RELEASE_ROUTES.ofPattern,
    {
      config: { access: 'signedIn', tokens: 'read' },
      schema: { tags, params: IdParamSchema, response: { 200: PatternReleaseResponseSchema } },
    },
    async (request) => ({
      data: await service.patternRelease(app.deps, currentUser(request), request.params.id),
    }),
  );
};
