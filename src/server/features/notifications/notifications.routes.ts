import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  MailPreferencesResponseSchema,
  MailPreferencesSchema,
  ReviewRecipientsSchema,
  ReviewRecipientsUpdateSchema,
  NOTIFICATION_PATHS,
} from '../../../shared/contracts/notifications';
import { currentUser } from '../../plugins/auth';
import * as service from './notifications.service';

/** Each user's review-mail choice (My Account) and the admins' choice of who receives review mails. */
export const notificationsRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['account'];
  app.get(
    NOTIFICATION_PATHS.mailPreferences,
    {
      config: { access: 'signedIn' },
      schema: { tags, response: { 200: MailPreferencesResponseSchema } },
    },
    async (request) => ({
      data: await service.getPreferences(app.db, currentUser(request)),
    }),
  );
  app.put(
    NOTIFICATION_PATHS.mailPreferences,
    {
      config: { access: 'signedIn' },
      schema: {
        tags,
        body: MailPreferencesSchema,
        response: { 200: MailPreferencesResponseSchema },
      },
    },
    async (request) => service.setPreferences(app.db, currentUser(request), request.body),
  );
  app.get(
    NOTIFICATION_PATHS.reviewRecipients,
    { config: { access: 'admin' }, schema: { tags, response: { 200: ReviewRecipientsSchema } } },
    async () => service.listReviewRecipients(app.db),
  );
  app.put(
    NOTIFICATION_PATHS.reviewRecipients,
    {
      config: { access: 'admin' },
      schema: {
        tags,
        body: ReviewRecipientsUpdateSchema,
        response: { 200: ReviewRecipientsSchema },
      },
    },
    async (request) => service.setReviewRecipients(app.db, request.body.userIds),
  );
};
