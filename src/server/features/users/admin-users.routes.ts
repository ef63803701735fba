import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { IdParamSchema } from '../../../shared/contracts/common';
import {
  SignupResponseSchema,
  SignupSchema,
  USER_PATHS,
  UserListRequestSchema,
  UserListResponseSchema,
  UserStatusRequestSchema,
  UserStatusResponseSchema,
} from '../../../shared/contracts/users';
import { currentUser } from '../../plugins/auth';
import { readProfileForm } from './profile-form';
import * as service from './users.service';

/** Admins only: create accounts, page through them, disable and enable them. Authorisation runs before the body is read. */
export const adminUsersRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    USER_PATHS.signup,
    {
      config: { access: 'admin' },
      schema: {
        tags: ['users'],
        summary: 'Create an account (multipart: "data" JSON and optional "profile_pic")',
        consumes: ['multipart/form-data'],
        response: { 201: SignupResponseSchema },
      },
    },
    async (request, reply) => {
      const { data, pic } = await readProfileForm(request, app.deps.files, SignupSchema);
      return reply.status(201).send(await service.signup(app.deps, data, pic));
    },
  );

  app.post(
    USER_PATHS.list,
    {
      config: { access: 'admin' },
      schema: {
        tags: ['users'],
        body: UserListRequestSchema,
        response: { 200: UserListResponseSchema },
      },
    },
    async (request) => service.listUsers(app.db, request.body),
  );

  app.patch(
    USER_PATHS.status(':id'),
    {
      config: { access: 'admin' },
      schema: {
        tags: ['users'],
        params: IdParamSchema,
        body: UserStatusRequestSchema,
        response: { 200: UserStatusResponseSchema },
      },
    },
    async (request) => ({
      data: await service.setDisabled(
        app.db,
        currentUser(request),
        request.params.id,
        request.body.disabled,
      ),
    }),
  );
};
