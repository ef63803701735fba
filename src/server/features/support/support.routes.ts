import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  ContactSupportRequestSchema,
  ContactSupportResponseSchema,
  MarkHandledRequestSchema,
  MarkHandledResponseSchema,
  SUPPORT_PATHS,
  SupportListQuerySchema,
  SupportListResponseSchema,
} from '../../../shared/contracts/support';
import { IdParamSchema } from '../../../shared/contracts/common';
import { currentUser } from '../../plugins/auth';
import * as service from './support.service';

/**
 * Contact Support (spec section 7: POST /api/contact/support answers contactDetails) and the admins' inbox.
 * Guards run before validation, so a signed-out caller gets 401, not a 400 about the body.
 */
export const supportRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    SUPPORT_PATHS.messages,
    {
      config: { access: 'signedIn' },
      schema: {
        tags: ['support'],
        body: ContactSupportRequestSchema,
        response: { 200: ContactSupportResponseSchema },
      },
    },
    async (request) => ({
      contactDetails: await service.sendMessage(app.deps, currentUser(request), request.body),
    }),
  );

  app.get(
    SUPPORT_PATHS.messages,
    {
      config: { access: 'admin' },
      schema: {
        tags: ['support'],
        querystring: SupportListQuerySchema,
        response: { 200: SupportListResponseSchema },
      },
    },
    async (request) => service.listMessages(app.deps, request.query),
  );

  app.patch(
    SUPPORT_PATHS.message(':id'),
    {
      config: { access: 'admin' },
      schema: {
        tags: ['support'],
        params: IdParamSchema,
        body: MarkHandledRequestSchema,
        response: { 200: MarkHandledResponseSchema },
      },
    },
    async (request) => ({
      data: await service.markHandled(
        app.deps,
        currentUser(request),
        request.params.id,
        request.body.handled,
      ),
    }),
  );
};
