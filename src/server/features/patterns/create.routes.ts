import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  PATTERN_CREATE_PATH,
  PATTERN_CREATE_UPLOAD,
  PatternCreateResponseSchema,
} from '../../../shared/contracts/pattern-create';
import { readParts } from '../../storage/multipart';
import { currentUser } from '../../plugins/auth';
import * as service from './patterns.service';

/** The Pattern Submission Form's call (spec section 7); the multipart layout is described in the contract. */
export const createPatternRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    PATTERN_CREATE_PATH,
    {
      config: { access: 'signedIn', tokens: 'write' },
      schema: {
        tags: ['patterns'],
        summary: 'Add a pattern with its sizes and files (multipart/form-data)',
        consumes: ['multipart/form-data'],
        response: { 201: PatternCreateResponseSchema },
      },
    },
    async (request, reply) => {
      const data = await service.createPattern(
        app.deps,
        currentUser(request),
        readParts(request, PATTERN_CREATE_UPLOAD),
        request.log,
      );
      return reply.status(201).send({ success: true as const, data });
    },
  );
};
