import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { IdParamSchema, MessageSchema } from '../../../shared/contracts/common';
import {
  AccountResponseSchema,
  ChangeEmailSchema,
  ChangePasswordSchema,
  SendCodeQuerySchema,
  UpdateAccountSchema,
  USER_PATHS,
} from '../../../shared/contracts/users';
import { currentUser } from '../../plugins/auth';
import { readProfileForm } from './profile-form';
import * as account from './account.service';
import { sendCode } from './one-time-code.service';
import { openProfilePic } from './users.service';

/** My Account: every signed-in user, on their own account only. */
export const accountRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    USER_PATHS.updateAccount,
    {
      config: { access: 'signedIn' },
      schema: {
        tags: ['account'],
        summary:
          'Change full name and profile picture (multipart: "data" JSON and optional "profile_pic")',
        consumes: ['multipart/form-data'],
        response: { 200: AccountResponseSchema },
      },
    },
    async (request) => {
      const { data, pic } = await readProfileForm(request, app.deps.files, UpdateAccountSchema);
      return account.updateAccount(app.deps, currentUser(request), data, pic);
    },
  );

  app.get(
    USER_PATHS.profilePic(':id'),
    { config: { access: 'signedIn' }, schema: { tags: ['account'], params: IdParamSchema } },
    async (request, reply) => {
      const pic = await openProfilePic(app.deps, currentUser(request), request.params.id);
      // Same URL after a change: the browser must ask again rather than show the old picture.
      return reply
        .type(pic.contentType)
        .header('cache-control', 'private, no-cache')
        .send(pic.stream);
    },
  );

  app.get(
    USER_PATHS.sendCode,
    {
      config: { access: 'signedIn' },
      schema: {
        tags: ['account'],
        summary:
          'E-mail a one-time code to the current address, or to the new address of an e-mail change (?email=)',
        querystring: SendCodeQuerySchema,
        response: { 200: MessageSchema },
      },
    },
    async (request) => sendCode(app.deps, currentUser(request), request.query.email),
  );

  app.post(
    USER_PATHS.changeEmail,
    {
      config: { access: 'signedIn' },
      schema: {
        tags: ['account'],
        body: ChangeEmailSchema,
        response: { 200: AccountResponseSchema },
      },
    },
    async (request) => account.changeEmail(app.deps, currentUser(request), request.body),
  );

  app.post(
    USER_PATHS.changePassword,
    {
      config: { access: 'signedIn' },
      schema: {
        tags: ['account'],
        body: ChangePasswordSchema,
        response: { 200: AccountResponseSchema },
      },
    },
    async (request) => account.changePassword(app.deps, currentUser(request), request.body),
  );
};
