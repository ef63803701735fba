import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { MessageSchema } from '../../../shared/contracts/common';
import { SizeIdParamSchema } from '../../../shared/contracts/sizes';
import {
  PIECE_MSG,
  PIECE_ROUTES,
  PieceFieldsSchema,
  PieceIdParamSchema,
  PieceListResponseSchema,
  PieceMutationResponseSchema,
} from '../../../shared/contracts/pieces';
import { currentUser } from '../../plugins/auth';
import * as service from './pieces.service';

/** Pieces of a size: list, add, edit, delete (JSON). */
export const piecesRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['pieces'];

  app.get(
    PIECE_ROUTES.list,
    {
      config: { access: 'signedIn', tokens: 'read' },
      schema: { tags, params: SizeIdParamSchema, response: { 200: PieceListResponseSchema } },
    },
    async (request) => service.listPieces(app.db, currentUser(request), request.params.sizeId),
  );

  app.post(
    PIECE_ROUTES.list,
    {
      config: { access: 'signedIn', tokens: 'write' },
      schema: {
        tags,
        params: SizeIdParamSchema,
        body: PieceFieldsSchema,
        response: { 201: PieceMutationResponseSchema },
      },
    },
    async (request, reply) => {
      const data = await service.addPiece(
        app.db,
        currentUser(request),
        request.params.sizeId,
        request.body,
      );
      return reply.status(201).send({ data, message: PIECE_MSG.added });
    },
  );

  app.put(
    PIECE_ROUTES.one,
    {
      config: { access: 'signedIn', tokens: 'write' },
      schema: {
        tags,
        params: PieceIdParamSchema,
        body: PieceFieldsSchema,
        response: { 200: PieceMutationResponseSchema },
      },
    },
    async (request) => ({
      data: await service.updatePiece(
        app.db,
        currentUser(request),
        request.params.pieceId,
        request.body,
      ),
      message: PIECE_MSG.updated,
    }),
  );

  app.delete(
    PIECE_ROUTES.one,
    {
      config: { access: 'signedIn', tokens: 'write' },
      schema: { tags, params: PieceIdParamSchema, response: { 200: MessageSchema } },
    },
    async (request) => {
      await service.deletePiece(app.db, currentUser(request), request.params.pieceId);
      return { message: PIECE_MSG.deleted };
    },
  );
};
