import fp from 'fastify-plugin';
import crypto from 'node:crypto';
import type { FastifyError } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { ERROR_CODES, type ErrorBody } from '../../shared/errors';
import { AppError } from '../lib/app-error';
import { isDataException } from '../lib/db-errors';

/**
 * One error handler for every route: AppErrors and framework errors become the error body of
 * docs/conventions.md rule 4; anything unknown is logged with a reference and answered without details.
 */
export const errorsPlugin = fp(async (app) => {
  app.setErrorHandler((error: FastifyError | AppError, request, reply) => {
    if (error instanceof AppError) {
      const body: ErrorBody = { message: error.message, code: error.code };
      if (error.fields) body.fields = error.fields;
      if (error.extra?.isRedirected) body.isRedirected = true;
      if (error.extra?.conflict) body.conflict = error.extra.conflict;
      if (error.extra?.retryAfterSeconds !== undefined) {
        body.retryAfterSeconds = error.extra.retryAfterSeconds;
        reply.header('retry-after', String(error.extra.retryAfterSeconds));
      }
      return reply.status(error.statusCode).send(body);
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const fields: Record<string, string> = {};
      for (const v of error.validation) {
        const name = v.instancePath.replace(/^\//, '').replace(/\//g, '.') || '_';
        fields[name] ??= v.message ?? 'Invalid value';
      }
      // The message is the first field's own text: a form shows each under its input, a toast
      // shows this one, and neither reads a field key such as "(reason)" (issue 34).
      const first = Object.values(fields)[0];
      const message = first ?? 'Invalid request';
      return reply
        .status(400)
        .send({ message, code: ERROR_CODES.validation, fields } satisfies ErrorBody);
    }
    const status = error.statusCode ?? 500;
    if (status === 429) {
      return reply
        .status(429)
        .send({ message: error.message, code: ERROR_CODES.rateLimited } satisfies ErrorBody);
    }
    if (
      status === 413 ||
      error.code === 'FST_REQ_FILE_TOO_LARGE' ||
      error.code === 'FST_FILES_LIMIT' ||
      error.code === 'FST_PARTS_LIMIT'
    ) {
      return reply.status(413).send({
        message: error.message || 'Request is too large',
        code: ERROR_CODES.tooLarge,
      } satisfies ErrorBody);
    }
    if (status >= 400 && status < 500) {
      const message =
        error.code === 'FST_ERR_CTP_INVALID_JSON_BODY' || error instanceof SyntaxError
          ? 'The request body is not valid JSON'
          : error.code === 'FST_ERR_CTP_EMPTY_JSON_BODY'
            ? 'The request body is empty; JSON was expected'
            : error.message;
      const code =
        status === 404
          ? ERROR_CODES.notFound
          : status === 415
            ? ERROR_CODES.unsupportedType
            : ERROR_CODES.badRequest;
      return reply.status(status).send({ message, code } satisfies ErrorBody);
    }
    if (isDataException(error)) {
      // The last line of defence: the shared schemas refuse such values with the field named.
      return reply.status(400).send({
        message: 'A value in the request cannot be stored (out of range or not allowed)',
        code: ERROR_CODES.badRequest,
      } satisfies ErrorBody);
    }
    const ref = crypto.randomBytes(4).toString('hex');
    request.log.error({ err: error, ref }, 'unhandled error');
    return reply.status(500).send({
      message: `Something went wrong (ref ${ref})`,
      code: ERROR_CODES.internal,
    } satisfies ErrorBody);
  });
});
