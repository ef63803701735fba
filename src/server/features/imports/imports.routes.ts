import { Readable } from 'node:stream';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { IdParamSchema } from '../../../shared/contracts/common';
import {
  IMPORT_PATHS,
  IMPORT_UPLOAD,
  ImportDetailSchema,
  ImportJobSchema,
  ImportListSchema,
  TemplateQuerySchema,
} from '../../../shared/contracts/imports';
import { MB } from '../../../shared/limits';
import { readParts } from '../../storage/multipart';
import { currentUser } from '../../plugins/auth';
import { XLSX_MIME_TYPE } from '../../storage/upload';
import { contentDisposition } from '../files';
import * as service from './imports.service';

const tags = ['imports'];

/** Bulk import: template, upload (checked by a job), the job's status and report, and the import itself. */
export const importsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    IMPORT_PATHS.template,
    {
      config: { access: 'signedIn', tokens: 'read' },
      schema: {
        tags,
        summary: 'The import template (CSV or XLSX)',
        querystring: TemplateQuerySchema,
      },
    },
    async (request, reply) => {
      const format = request.query.format;
      const body = await service.template(app.deps, currentUser(request), format);
      return reply
        .header('content-type', format === 'csv' ? 'text/csv; charset=utf-8' : XLSX_MIME_TYPE)
        .header('content-disposition', contentDisposition(`pattern-import-template.${format}`))
        .header('cache-control', 'no-store')
        .send(body);
    },
  );

  app.get(
    IMPORT_PATHS.list,
    {
      config: { access: 'signedIn', tokens: 'read' },
      schema: {
        tags,
        summary: 'Imports of the brand (admins: all)',
        response: { 200: ImportListSchema },
      },
    },
    async (request) => ({
      items: await service.listImports(app.deps, currentUser(request)),
    }),
  );

  app.post(
    IMPORT_PATHS.list,
    {
      config: { access: 'signedIn', tokens: 'write' },
      schema: {
        tags,
        summary:
          'Upload a sheet and an optional ZIP; the check runs as a job (multipart: mode, sheet, zip)',
        consumes: ['multipart/form-data'],
        response: { 202: ImportJobSchema },
      },
    },
    async (request, reply) => {
      const env = app.deps.env;
      // The upload guard reports a file over its own limit at its field; the parser's limit sits above both.
      const fileSize = Math.max(env.IMPORT_MAX_SHEET_MB, env.IMPORT_MAX_ZIP_MB) * MB + 1;
      const parts = readParts(request, {
        ...IMPORT_UPLOAD,
        limits: { fileSize, files: 2, fields: 4, parts: 6 },
      });
      const job = await service.createImport(app.deps, currentUser(request), parts, request.log);
      return reply.status(202).send(job);
    },
  );

  app.get(
    IMPORT_PATHS.one,
    {
      config: { access: 'signedIn', tokens: 'read' },
      schema: {
        tags,
        summary: 'One import with its report',
        params: IdParamSchema,
        response: { 200: ImportDetailSchema },
      },
    },
    async (request) => service.getImport(app.deps, currentUser(request), request.params.id),
  );

  app.post(
    IMPORT_PATHS.run,
    {
      config: { access: 'signedIn', tokens: 'write' },
      schema: {
        tags,
        summary: 'Import what the check found valid',
        params: IdParamSchema,
        response: { 202: ImportJobSchema },
      },
    },
    async (request, reply) =>
      reply
        .status(202)
        .send(await service.startRun(app.deps, currentUser(request), request.params.id)),
  );

  app.get(
    IMPORT_PATHS.report,
    {
      config: { access: 'signedIn', tokens: 'read' },
      schema: {
        tags,
        summary: 'The report: the sheet with an Errors column (CSV)',
        params: IdParamSchema,
      },
    },
    async (request, reply) => {
      const id = request.params.id;
      const chunks = service.reportCsv(app.deps, currentUser(request), id);
      // Pull the first chunk here so a 404 answers as JSON rather than a cut-off download.
      const first = await chunks.next();
      async function* all() {
        if (!first.done) yield first.value;
        yield* chunks;
      }
      return reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', contentDisposition(service.reportFileName({ id })))
        .header('cache-control', 'no-store')
        .send(Readable.from(all()));
    },
  );
};
