import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { PATTERN_CREATE_PATH, PatternCreateResponseSchema } from '../../../shared/contracts/patterns-create';
import { badRequest } from '../../lib/app-error';
import { currentUser, requireUser } from '../../plugins/auth';
import { CREATE_MULTIPART_LIMITS } from './create-upload';
import * as service from './patterns.service';

/** The Pattern Submission Form's call (spec section 7); the multipart layout is described in the contract. */
export const createPatternRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    PATTERN_CREATE_PATH,
    {
      preHandler: requireUser,
      schema: {
        tags: ['patterns'],
        summary: 'Add a pattern with its sizes and files (multipart/form-data)',
        consumes: ['multipart/form-data'],
        response: { 201: PatternCreateResponseSchema },
      },
    },
    async (request, reply) => {
      if (!request.isMultipart()) throw badRequest('Send the pattern as multipart/form-data');
      // The upload guard reports a file over its limit at the field; the parser need not raise it again.
      const parts = request.parts({ limits: CREATE_MULTIPART_LIMITS, throwFileSizeLimit: false } as Parameters<typeof request.parts>[0]);
      const data = await service.createPattern(app.deps, currentUser(request), parts, request.log);
      return reply.status(201).send({ success: true as const, data });
    },
  );
};
