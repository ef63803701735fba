import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { IdParamSchema } from '../../../shared/contracts/common';
import {
  CreateTokenSchema,
  INTEGRATION_MSG,
  INTEGRATION_PATHS,
  MessageResponseSchema,
  TokenCreatedResponseSchema,
  TokenListResponseSchema,
} from '../../../shared/contracts/integrations';
import { currentUser } from '../../plugins/auth';
import * as service from './tokens.service';

export const tokensRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['integrations'];
  app.get(
    INTEGRATION_PATHS.tokens,
    { config: { access: 'admin' }, schema: { tags, response: { 200: TokenListResponseSchema } } },
    async () => ({
      data: await service.listTokens(app.db),
    }),
  );

  app.post(
    INTEGRATION_PATHS.tokens,
    {
      config: { access: 'admin' },
      schema: {
        tags,
        description: 'The token is in the answer once; only its hash is kept.',
        body: CreateTokenSchema,
        response: { 201: TokenCreatedResponseSchema },
      },
    },
    async (request, reply) =>
      reply.status(201).send(await service.createToken(app.db, currentUser(request), request.body)),
  );

  app.delete(
    INTEGRATION_PATHS.token(':id'),
    {
      config: { access: 'admin' },
      schema: {
        tags,
        description: 'Revokes the token at once.',
        params: IdParamSchema,
        response: { 200: MessageResponseSchema },
      },
    },
    async (request) => {
      await service.revokeToken(app.db, request.params.id);
      return { message: INTEGRATION_MSG.tokenRevoked };
    },
  );
};
