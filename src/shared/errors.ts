// Zod's mini build: the web client reads every error body with this schema, and the full Zod would
// be the largest script of a first load (issue 15, first row on screen). The same schema, tree-shaken.
import * as z from 'zod/mini';

/** Every code the server answers with: one per kind of failure, stable for clients to branch on. */
export const ERROR_CODES = {
  badRequest: 'BAD_REQUEST',
  validation: 'VALIDATION_FAILED',
  unauthenticated: 'UNAUTHENTICATED',
  forbidden: 'FORBIDDEN',
  notFound: 'NOT_FOUND',
  conflict: 'CONFLICT',
  stale: 'STALE_VERSION',
  tooLarge: 'PAYLOAD_TOO_LARGE',
  unsupportedType: 'UNSUPPORTED_FILE_TYPE',
  incomplete: 'INCOMPLETE',
  rateLimited: 'RATE_LIMITED',
  /** An admin under REQUIRE_ADMIN_2FA without a second factor: the web sends them to the set-up. */
  twoFactorRequired: 'TWO_FACTOR_REQUIRED',
  internal: 'INTERNAL',
} as const;
export type ErrorCode = (typeof ERROR_CODES)[keyof typeof ERROR_CODES];

/** The one error body every failed API call answers (docs/conventions.md rule 4). */
export const ErrorBodySchema = z.object({
  message: z.string(),
  code: z.enum(Object.values(ERROR_CODES) as [ErrorCode, ...ErrorCode[]]),
  fields: z.optional(z.record(z.string(), z.string())),
  isRedirected: z.optional(z.literal(true)),
  retryAfterSeconds: z.optional(z.number()),
  /** A stale write (412 STALE_VERSION): see contracts/versions.ts. */
  conflict: z.optional(
    z.object({
      version: z.number(),
      changedBy: z.nullable(z.string()),
      changedAt: z.nullable(z.string()),
      change: z.nullable(z.string()),
    }),
  ),
});
export type ErrorBody = z.infer<typeof ErrorBodySchema>;
