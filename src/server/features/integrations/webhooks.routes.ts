import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { dbId, IdParamSchema } from '../../../shared/contracts/common';
import { z } from 'zod';
import {
  DeliveryListResponseSchema,
  EndpointListResponseSchema,
  EndpointResponseSchema,
  EndpointSecretResponseSchema,
  INTEGRATION_MSG,
  INTEGRATION_PATHS,
  MessageResponseSchema,
  WebhookEndpointInputSchema,
} from '../../../shared/contracts/integrations';
import * as service from './webhooks.service';

const DeliveryParamsSchema = z.object({ id: dbId(), deliveryId: dbId() });

/** Webhook endpoints (admins). Creating one and rotating its secret answer the secret, once. */
export const webhooksRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['integrations'];
  const allowPrivate = app.deps.env.WEBHOOK_ALLOW_PRIVATE;
  const guard = { config: { access: 'admin' as const } };

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
      reply.status(201).send(await service.createEndpoint(app.db, request.body, allowPrivate)),
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
    async (request) => service.rotateSecret(app.db, request.params.id),
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
      await service.redeliver(app.db, request.params.id, request.params.deliveryId);
      return reply.status(202).send({ message: INTEGRATION_MSG.redeliveryQueued });
    },
  );

  app.get(
    INTEGRATION_PATHS.deliveries(':id'),
    {
      ...guard,
      schema: {
        tags,
        description: 'The 50 most recent deliveries, newest first.',
        params: IdParamSchema,
        response: { 200: DeliveryListResponseSchema },
      },
    },
    async (request) => ({ data: await service.listDeliveries(app.db, request.params.id) }),
  );
};
