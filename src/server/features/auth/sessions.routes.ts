import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { IdParamSchema, MessageSchema } from '../../../shared/contracts/common';
import {
  DEVICES_PATHS,
  DeviceListSchema,
  SignedOutSchema,
} from '../../../shared/contracts/devices';
import { currentUser } from '../../plugins/auth';
import * as devices from './sessions.service';

/** My Account → Signed-in devices: a user's own sessions only. */
export const sessionsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    DEVICES_PATHS.list,
    {
      config: { access: 'signedIn' },
      schema: { tags: ['account'], response: { 200: DeviceListSchema } },
    },
    async (request) => ({ devices: await devices.listDevices(app.deps, currentUser(request)) }),
  );

  app.post(
    DEVICES_PATHS.signOutOthers,
    {
      config: { access: 'signedIn' },
      schema: { tags: ['account'], response: { 200: SignedOutSchema } },
    },
    async (request) => {
      const count = await devices.signOutOthers(app.deps, currentUser(request));
      return {
        message: count === 1 ? 'Signed out 1 other device' : `Signed out ${count} other devices`,
        count,
      };
    },
  );

  app.delete(
    DEVICES_PATHS.signOut,
    {
      config: { access: 'signedIn' },
      schema: { tags: ['account'], params: IdParamSchema, response: { 200: MessageSchema } },
    },
    async (request) => {
      await devices.signOutDevice(app.deps, currentUser(request), request.params.id);
      return { message: 'Signed out that device' };
    },
  );
};
