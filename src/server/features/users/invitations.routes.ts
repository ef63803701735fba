import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { IdParamSchema, MessageSchema } from '../../../shared/contracts/common';
import { LoginResponseSchema } from '../../../shared/contracts/auth';
import {
  AcceptInvitationSchema,
  INVITATION_MSG,
  INVITATION_PATHS,
  InvitationCheckResponseSchema,
  InvitationCheckSchema,
  InvitationListSchema,
  InvitationSentSchema,
  InviteSchema,
} from '../../../shared/contracts/invitations';
import { currentUser } from '../../plugins/auth';
import * as service from './invitations.service';

/** Invitations: admins invite, list, resend and cancel; the link's page checks and accepts. */
export const invitationsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    INVITATION_PATHS.list,
    {
      config: { access: 'admin' },
      schema: { tags: ['users'], response: { 200: InvitationListSchema } },
    },
    async () => ({ data: await service.listInvitations(app.deps) }),
  );

  app.post(
    INVITATION_PATHS.create,
    {
      config: { access: 'admin' },
      schema: { tags: ['users'], body: InviteSchema, response: { 201: InvitationSentSchema } },
    },
    async (request, reply) =>
      reply.status(201).send(await service.invite(app.deps, currentUser(request), request.body)),
  );

  app.post(
    INVITATION_PATHS.resend(':id'),
    {
      config: { access: 'admin' },
      schema: { tags: ['users'], params: IdParamSchema, response: { 200: InvitationSentSchema } },
    },
    async (request) => service.resend(app.deps, currentUser(request), request.params.id),
  );

  app.delete(
    INVITATION_PATHS.cancel(':id'),
    {
      config: { access: 'admin' },
      schema: { tags: ['users'], params: IdParamSchema, response: { 200: MessageSchema } },
    },
    async (request) => {
      await service.cancel(app.deps, request.params.id);
      return { message: INVITATION_MSG.cancelledDone };
    },
  );

  app.post(
    INVITATION_PATHS.check,
    {
      config: { access: 'public' },
      schema: {
        tags: ['users'],
        body: InvitationCheckSchema,
        response: { 200: InvitationCheckResponseSchema },
      },
    },
    async (request) => service.check(app.deps, request.body.token, request.ip),
  );

  app.post(
    INVITATION_PATHS.accept,
    {
      config: { access: 'public' },
      schema: {
        tags: ['users'],
        body: AcceptInvitationSchema,
        response: { 200: LoginResponseSchema },
      },
    },
    async (request) =>
      service.accept(app.deps, request.body, {
        ip: request.ip,
        userAgent: request.headers['user-agent'],
      }),
  );
};
