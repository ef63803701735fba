import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { MessageSchema } from '../../../shared/contracts/common';
import {
  ForgotPasswordSchema,
  ResetPasswordSchema,
  USER_PATHS,
} from '../../../shared/contracts/users';
import * as service from './password-reset.service';

/** Signed-out visitors: ask for a reset link, and use it. */
export const passwordResetRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    USER_PATHS.forgotPassword,
    {
      config: { access: 'public' },
      schema: { tags: ['auth'], body: ForgotPasswordSchema, response: { 200: MessageSchema } },
    },
    async (request) => service.forgotPassword(app.deps, request.body.email, request.ip),
  );

  app.post(
    USER_PATHS.resetPassword,
    {
      config: { access: 'public' },
      schema: { tags: ['auth'], body: ResetPasswordSchema, response: { 200: MessageSchema } },
    },
    async (request) => service.resetPassword(app.deps, request.body),
  );
};
