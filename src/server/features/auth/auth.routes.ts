import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { AUTH_PATHS, LoginRequestSchema, MeResponseSchema } from '../../../shared/contracts/auth';
import { MessageSchema } from '../../../shared/contracts/common';
import { LoginResultSchema } from '../../../shared/contracts/two-factor';
import { currentUser } from '../../plugins/auth';
import * as service from './auth.service';
import { startSessionCache } from './session-cache';
import { deviceCookie, deviceTokenFrom } from './login-throttle';
import { twoFactorRoutes } from './two-factor.routes';

export const authRoutes: FastifyPluginAsyncZod = async (app) => {
  // Session checks answered from memory, kept true by the database's notifications.
  const stopSessionCache = await startSessionCache(app.deps.database);
  app.addHook('onClose', stopSessionCache);
  await app.register(twoFactorRoutes);

  app.post(
    AUTH_PATHS.login,
    {
      config: { access: 'public' },
      schema: { tags: ['auth'], body: LoginRequestSchema, response: { 200: LoginResultSchema } },
    },
    async (request, reply) => {
      const { response, newDeviceToken } = await service.login(
        app.deps,
        request.body,
        request.ip,
        deviceTokenFrom(request.headers.cookie),
        request.headers['user-agent'],
      );
      if (newDeviceToken)
        reply.header(
          'set-cookie',
          deviceCookie(newDeviceToken, app.deps.env.publicUrl.startsWith('https:')),
        );
      return response;
    },
  );

  app.get(
    AUTH_PATHS.me,
    {
      config: { access: 'signedIn', secondFactorSetup: true },
      schema: { tags: ['auth'], response: { 200: MeResponseSchema } },
    },
    async (request) => ({ user: await service.me(app.deps, currentUser(request)) }),
  );

  app.post(
    AUTH_PATHS.signout,
    {
      config: { access: 'signedIn', secondFactorSetup: true },
      schema: { tags: ['auth'], response: { 200: MessageSchema } },
    },
    async (request) => {
      await service.signout(app.deps, currentUser(request));
      return { message: 'Signed out' };
    },
  );
};
