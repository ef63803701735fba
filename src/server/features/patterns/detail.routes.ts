import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { IdParamSchema } from '../../../shared/contracts/common';
import {
  FilesMutationResponseSchema,
  PATTERN_DETAIL_MSG,
  PATTERN_DETAIL_ROUTES,
  PATTERN_FILES_UPLOAD,
  PatternDetailResponseSchema,
  PatternFileParamsSchema,
  UpdatePatternRequestSchema,
  UpdatePatternResponseSchema,
} from '../../../shared/contracts/pattern-detail';
import { readParts } from '../../storage/multipart';
import { currentUser } from '../../plugins/auth';
import * as service from './detail.service';
import { updateFields } from './update.service';
import * as files from './detail-files.service';
import { expectedVersion, sendEtag } from './versions';

/** The pattern detail screen: read one pattern, update its fields, replace and remove its files. */
export const detailRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['patterns'];

  app.get(
    PATTERN_DETAIL_ROUTES.detail,
    {
      config: { access: 'signedIn', tokens: 'read' },
      schema: { tags, params: IdParamSchema, response: { 200: PatternDetailResponseSchema } },
    },
    async (request, reply) => {
      const data = await service.getDetail(app.db, currentUser(request), request.params.id);
      sendEtag(reply, data.version);
      return { data };
    },
  );

  app.put(
    PATTERN_DETAIL_ROUTES.detail,
    {
      config: { access: 'signedIn', tokens: 'write' },
      schema: {
        tags,
        params: IdParamSchema,
        body: UpdatePatternRequestSchema,
        response: { 200: UpdatePatternResponseSchema },
      },
    },
    async (request, reply) => {
      const data = await updateFields(
        app.db,
        currentUser(request),
        request.params.id,
        request.body,
        expectedVersion(request),
      );
      sendEtag(reply, data.version);
      return { data, message: PATTERN_DETAIL_MSG.updated };
    },
  );

  app.post(
    PATTERN_DETAIL_ROUTES.files,
    {
      config: { access: 'signedIn', tokens: 'write' },
      schema: {
        tags,
        description:
          'Multipart: a part per file, named by its kind (Instruction_PDF, Main_Hero_Image, Hero_Images …). Single kinds replace, Hero_Images add.',
        params: IdParamSchema,
        response: { 200: FilesMutationResponseSchema },
      },
    },
    async (request) => {
      const list = await files.saveFiles(
        app.deps,
        currentUser(request),
        request.params.id,
        readParts(request, PATTERN_FILES_UPLOAD),
        request.log,
        expectedVersion(request),
      );
      return { data: { files: list }, message: PATTERN_DETAIL_MSG.filesUpdated };
    },
  );

  app.delete(
    PATTERN_DETAIL_ROUTES.file,
    {
      config: { access: 'signedIn', tokens: 'write' },
      schema: {
        tags,
        params: PatternFileParamsSchema,
        response: { 200: FilesMutationResponseSchema },
      },
    },
    async (request) => {
      const list = await files.removeFile(
        app.deps,
        currentUser(request),
        request.params.id,
        request.params.fileId,
        request.log,
        expectedVersion(request),
      );
      return { data: { files: list }, message: PATTERN_DETAIL_MSG.fileRemoved };
    },
  );
};
