import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { dbId, IdParamSchema } from '../../../shared/contracts/common';
import { z } from 'zod';
import {
  DeliveryListQuerySchema,
  DeliveryListResponseSchema,
  EndpointListResponseSchema,
  EndpointResponseSchema,
  EndpointSecretResponseSchema,
  INTEGRATION_MSG,
  INTEGRATION_PATHS,
  MessageResponseSchema,
  RedeliverFailedResponseSchema,
  WebhookEndpointInputSchema,
} from '../../../shared/contracts/integrations';
import { secretBox } from './secret-box';
import { sealStoredSecrets } from './secret-migration';
import * as service from './webhooks.service';

const DeliveryParamsSchema = z.object({ id: dbId(), deliveryId: dbId() });

/** Webhook endpoints (admins). Creating one and rotating its secret answer the secret, once. */
export const webhooksRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['integrations'];
  const allowPrivate = app.deps.env.WEBHOOK_ALLOW_PRIVATE;
  const guard = { config: { access: 'admin' as const } };
  const box = secretBox(app.deps.env, app.log);
  // Secrets stored before they were encrypted (issue 33 item 7) are encrypted once, at start-up.
  app.addHook('onReady', async () => {
    const sealed = await sealStoredSecrets(app.db, box);
    if (sealed) app.log.info({ endpoints: sealed }, 'webhook secrets encrypted at rest');
  });

  app.get(
    INTEGRATION_PATHS.endpoints,
    { ...guard, schema: { tags, response: { 200: EndpointListResponseSchema } } },
    async () => ({
      data: await service.listEndpoints(app.db),
    }),
  );

  app.post(
    INTEGRATION_PATHS.endpoints,
    {
      ...guard,
      schema: {
        tags,
        body: WebhookEndpointInputSchema,
        response: { 201: EndpointSecretResponseSchema },
      },
    },
    async (request, reply) =>
      reply.status(201).send(await service.createEndpoint(app.db, request.body, allowPrivate, box)),
  );

  app.put(
    INTEGRATION_PATHS.endpoint(':id'),
    {
      ...guard,
      schema: {
        tags,
        params: IdParamSchema,
        body: WebhookEndpointInputSchema,
        response: { 200: EndpointResponseSchema },
      },
    },
    async (request) => ({
      data: await service.updateEndpoint(app.db, request.params.id, request.body, allowPrivate),
      message: INTEGRATION_MSG.endpointSaved,
    }),
  );

  app.delete(
    INTEGRATION_PATHS.endpoint(':id'),
    { ...guard, schema: { tags, params: IdParamSchema, response: { 200: MessageResponseSchema } } },
    async (request) => {
      await service.deleteEndpoint(app.db, request.params.id);
      return { message: INTEGRATION_MSG.endpointDeleted };
    },
  );

  app.post(
    INTEGRATION_PATHS.rotate(':id'),
    {
      ...guard,
      schema: { tags, params: IdParamSchema, response: { 200: EndpointSecretResponseSchema } },
    },
    async (request) => service.rotateSecret(app.db, request.params.id, box),
  );

  app.post(
    INTEGRATION_PATHS.endPreviousSecret(':id'),
    {
      ...guard,
      schema: {
        tags,
        description:
          'Ends the previous secret now (after a rotation): from this moment only the current secret signs.',
        params: IdParamSchema,
        response: { 200: EndpointResponseSchema },
      },
    },
    async (request) => ({
      data: await service.endPreviousSecret(app.db, request.params.id),
      message: INTEGRATION_MSG.previousSecretEnded,
    }),
  );

  app.post(
    INTEGRATION_PATHS.test(':id'),
    {
      ...guard,
      schema: {
        tags,
        description: 'Queues a `webhook.test` event for this endpoint.',
        params: IdParamSchema,
        response: { 202: MessageResponseSchema },
      },
    },
    async (request, reply) => {
      await service.sendTestEvent(app.db, request.params.id);
      return reply.status(202).send({ message: INTEGRATION_MSG.testQueued });
    },
  );

  app.post(
    INTEGRATION_PATHS.redeliver(':id', ':deliveryId'),
    {
      ...guard,
      schema: {
        tags,
        description: 'Sends the delivery again, with the same `webhook-id`.',
        params: DeliveryParamsSchema,
        response: { 202: MessageResponseSchema },
      },
    },
    async (request, reply) => {
      return reply
        .status(202)
        .send(await service.redeliver(app.db, request.params.id, request.params.deliveryId));
    },
  );

  app.post(
    INTEGRATION_PATHS.redeliverFailed(':id'),
    {
      ...guard,
      schema: {
        tags,
        description:
          'Sends every failed delivery of the endpoint again, oldest first, each with its own `webhook-id`.',
        params: IdParamSchema,
        response: { 202: RedeliverFailedResponseSchema },
      },
    },
    async (request, reply) =>
      reply.status(202).send(await service.redeliverFailed(app.db, request.params.id)),
  );

  app.get(
    INTEGRATION_PATHS.deliveries(':id'),
    {
      ...guard,
      schema: {
        tags,
        description:
          'The endpoint’s deliveries, newest first, a page at a time, optionally of one status.',
        params: IdParamSchema,
        querystring: DeliveryListQuerySchema,
        response: { 200: DeliveryListResponseSchema },
      },
    },
    async (request) => service.listDeliveries(app.db, request.params.id, request.query),
  );
};
