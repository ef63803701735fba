import { ERROR_CODES, type ErrorBody, type ErrorCode } from '../../shared/errors';

/** The one way a service reports a failure; the error handler turns it into the error body. */
export class AppError extends Error {
  constructor(
    public readonly statusCode: number,
    public readonly code: ErrorCode,
    message: string,
    public readonly fields?: Record<string, string>,
    public readonly extra?: {
      isRedirected?: true;
      retryAfterSeconds?: number;
      conflict?: ErrorBody['conflict'];
    },
  ) {
    super(message);
  }
}

export const badRequest = (message: string, fields?: Record<string, string>) =>
  new AppError(400, fields ? ERROR_CODES.validation : ERROR_CODES.badRequest, message, fields);
export const unauthenticated = (message = 'Please sign in to continue.') =>
  new AppError(401, ERROR_CODES.unauthenticated, message, undefined, { isRedirected: true });
export const forbidden = (message = 'You do not have permission to do this.') =>
  new AppError(403, ERROR_CODES.forbidden, message);
export const notFound = (what = 'Record') =>
  new AppError(404, ERROR_CODES.notFound, `${what} not found`);
export const conflict = (message: string, fields?: Record<string, string>) =>
  new AppError(409, ERROR_CODES.conflict, message, fields);
export const tooLarge = (message: string, fields?: Record<string, string>) =>
  new AppError(413, ERROR_CODES.tooLarge, message, fields);
export const unsupportedType = (message: string, fields?: Record<string, string>) =>
  new AppError(415, ERROR_CODES.unsupportedType, message, fields);
export const incomplete = (message: string, fields?: Record<string, string>) =>
  new AppError(422, ERROR_CODES.incomplete, message, fields);
export const tooMany = (message: string, retryAfterSeconds: number) =>
  new AppError(429, ERROR_CODES.rateLimited, message, undefined, { retryAfterSeconds });

/** "in 3 minutes" / "in 40 seconds": rate-limit messages say when to retry. */
export function retryIn(seconds: number): string {
  if (seconds >= 90) return `in ${Math.ceil(seconds / 60)} minutes`;
  return `in ${Math.max(1, Math.ceil(seconds))} seconds`;
}
