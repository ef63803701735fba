import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { IdParamSchema } from '../../../shared/contracts/common';
import {
  LIFECYCLE_ROUTES,
  SendToReviewResponseSchema,
  AttentionResponseSchema,
  NoteParamsSchema,
  NoteUpdateRequestSchema,
  NoteUpdateResponseSchema,
  RequestChangesRequestSchema,
  ReviewCountResponseSchema,
  ReviewStateResponseSchema,
  TransitionResponseSchema,
  UnpublishRequestSchema,
} from '../../../shared/contracts/lifecycle';
import { currentUser } from '../../plugins/auth';
import * as service from './lifecycle.service';
import * as review from './review.service';
import { attention } from './attention.service';

/** The lifecycle (transitions in ./transitions.ts): send to review, publish, request changes, unpublish; review notes. */
export const lifecycleRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['patterns'];

  app.post(
    LIFECYCLE_ROUTES.sendToReview,
    {
      config: { access: 'signedIn', tokens: 'write' },
      schema: { tags, params: IdParamSchema, response: { 200: SendToReviewResponseSchema } },
    },
    async (request) => service.sendToReview(app.deps, currentUser(request), request.params.id),
  );

  app.post(
    LIFECYCLE_ROUTES.publish,
    {
      config: { access: 'admin' },
      schema: { tags, params: IdParamSchema, response: { 200: TransitionResponseSchema } },
    },
    async (request) => service.publish(app.deps, currentUser(request), request.params.id),
  );

  app.post(
    LIFECYCLE_ROUTES.requestChanges,
    {
      config: { access: 'admin' },
      schema: {
        tags,
        params: IdParamSchema,
        body: RequestChangesRequestSchema,
        response: { 200: TransitionResponseSchema },
      },
    },
    async (request) =>
      review.requestChanges(app.deps, currentUser(request), request.params.id, request.body),
  );

  app.post(
    LIFECYCLE_ROUTES.unpublish,
    {
      config: { access: 'admin' },
      schema: {
        tags,
        params: IdParamSchema,
        body: UnpublishRequestSchema,
        response: { 200: TransitionResponseSchema },
      },
    },
    async (request) =>
      review.unpublish(app.deps, currentUser(request), request.params.id, request.body),
  );

  app.get(
    LIFECYCLE_ROUTES.review,
    {
      config: { access: 'signedIn', tokens: 'read' },
      schema: { tags, params: IdParamSchema, response: { 200: ReviewStateResponseSchema } },
    },
    async (request) => ({
      data: await review.getReviewState(app.db, currentUser(request), request.params.id),
    }),
  );

  app.patch(
    LIFECYCLE_ROUTES.note,
    {
      config: { access: 'signedIn', tokens: 'write' },
      schema: {
        tags,
        params: NoteParamsSchema,
        body: NoteUpdateRequestSchema,
        response: { 200: NoteUpdateResponseSchema },
      },
    },
    async (request) => ({
      data: await review.setNoteAddressed(
        app.db,
        currentUser(request),
        request.params.id,
        request.params.noteId,
        request.body.addressed,
      ),
    }),
  );

  app.get(
    LIFECYCLE_ROUTES.reviewCount,
    { config: { access: 'admin' }, schema: { tags, response: { 200: ReviewCountResponseSchema } } },
    async () => review.reviewCount(app.db),
  );

  app.get(
    LIFECYCLE_ROUTES.attention,
    {
      config: { access: 'signedIn' },
      schema: { tags, response: { 200: AttentionResponseSchema } },
    },
    async (request) => attention(app.db, currentUser(request)),
  );
};
