import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { adminUsersRoutes } from './admin-users.routes';
import { accountRoutes } from './account.routes';
import { passwordResetRoutes } from './password-reset.routes';
import { invitationsRoutes } from './invitations.routes';

/** Routes of the "users" feature: accounts made by admins, My Account, forgot and reset password. */
export const usersRoutes: FastifyPluginAsyncZod = async (app) => {
  await app.register(adminUsersRoutes);
  await app.register(accountRoutes);
  await app.register(passwordResetRoutes);
  await app.register(invitationsRoutes);
};
