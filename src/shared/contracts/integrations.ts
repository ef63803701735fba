import { z } from 'zod';
import { IsoDateTimeSchema } from './common';
import { VersionQuerySchema } from './pattern-published';

/** Integrations (issue 14): API tokens, webhook endpoints and the changes feed. Admins only, except the feed. */
export const INTEGRATION_PATHS = {
  tokens: '/api/integrations/tokens',
  token: (id: number | string) => `/api/integrations/tokens/${id}`,
  endpoints: '/api/integrations/webhooks',
  endpoint: (id: number | string) => `/api/integrations/webhooks/${id}`,
  rotate: (id: number | string) => `/api/integrations/webhooks/${id}/rotate-secret`,
  test: (id: number | string) => `/api/integrations/webhooks/${id}/test`,
  deliveries: (id: number | string) => `/api/integrations/webhooks/${id}/deliveries`,
  redeliver: (id: number | string, deliveryId: number | string) =>
    `/api/integrations/webhooks/${id}/deliveries/${deliveryId}/redeliver`,
  redeliverFailed: (id: number | string) =>
    `/api/integrations/webhooks/${id}/deliveries/redeliver-failed`,
  endPreviousSecret: (id: number | string) =>
    `/api/integrations/webhooks/${id}/end-previous-secret`,
  changes: '/api/patterns/changes',
} as const;

/** API tokens start with this, so the auth plugin tells them from session tokens without a lookup. */
export const API_TOKEN_PREFIX = 'ppp_';
export const TOKEN_SCOPES = ['read', 'read_write'] as const;
export const TOKEN_SCOPE_LABELS: Record<(typeof TOKEN_SCOPES)[number], string> = {
  read: 'Read only',
  read_write: 'Read and write',
};

export const WEBHOOK_EVENTS = [
  'pattern.submitted',
  'pattern.sent_to_review',
  'pattern.changes_requested',
  'pattern.published',
  'pattern.unpublished',
  'pattern.updated',
  'pattern.deleted',
  'storefront.delivered',
  'storefront.failed',
  'pattern.restored',
  'release.published',
] as const;
export type WebhookEventType = (typeof WEBHOOK_EVENTS)[number] | 'webhook.test';

export const INTEGRATION_MSG = {
  tokenReadOnly: 'This API token is read-only.',
  tokenNotAllowed:
    'API tokens are for the catalogue (patterns, sizes, files, imports and the changes feed); sign in to do this.',
  tokenCreated: 'Token created. Copy it now: it is not shown again.',
  tokenRevoked: 'Token revoked',
  endpointCreated: 'Endpoint added. Copy the signing secret now: it is not shown again.',
  endpointSaved: 'Endpoint saved',
  endpointDeleted: 'Endpoint deleted',
  secretRotated: 'New signing secret created. The old one keeps working for 24 hours.',
  testQueued: 'Test event queued',
  redeliveryQueued: 'Redelivery queued',
  redeliveryAlreadyPending: 'This delivery is already waiting to be sent',
  previousSecretEnded: 'The previous secret no longer signs. Only the current secret is valid.',
  noPreviousSecret: 'This endpoint has no previous secret that still signs',
  badCursor: 'The cursor is not one this feed gave out',
} as const;

const name = z
  .string({ error: 'Name is required' })
  .trim()
  .min(1, 'Name is required')
  .max(100, 'Name must be at most 100 characters');

export const CreateTokenSchema = z.object({
  name,
  scope: z.enum(TOKEN_SCOPES, { error: 'Choose read only or read and write' }),
  brandId: z.number().int().positive().nullable().default(null),
  expiresAt: z.iso
    .datetime({ offset: true, error: 'Expiry must be a date and time' })
    .nullable()
    .default(null),
});
export type CreateToken = z.input<typeof CreateTokenSchema>;

export const ApiTokenSchema = z.object({
  id: z.number(),
  name: z.string(),
  scope: z.enum(TOKEN_SCOPES),
  brand: z.object({ id: z.number(), name: z.string() }).nullable(),
  expiresAt: IsoDateTimeSchema.nullable(),
  lastUsedAt: IsoDateTimeSchema.nullable(),
  revokedAt: IsoDateTimeSchema.nullable(),
  createdAt: IsoDateTimeSchema,
});
export type ApiToken = z.infer<typeof ApiTokenSchema>;
export const TokenListResponseSchema = z.object({ data: z.array(ApiTokenSchema) });
export const TokenCreatedResponseSchema = z.object({
  data: ApiTokenSchema,
  token: z.string(),
  message: z.string(),
});
export type TokenCreatedResponse = z.infer<typeof TokenCreatedResponseSchema>;

export const WebhookEndpointInputSchema = z.object({
  url: z
    .string({ error: 'URL is required' })
    .trim()
    .min(1, 'URL is required')
    .max(2000, 'URL must be at most 2000 characters'),
  description: z.string().trim().max(500, 'Description must be at most 500 characters').default(''),
  events: z.array(z.enum(WEBHOOK_EVENTS)).min(1, 'Choose at least one event'),
  enabled: z.boolean().default(true),
});
export type WebhookEndpointInput = z.input<typeof WebhookEndpointInputSchema>;

export const WebhookEndpointSchema = z.object({
  id: z.number(),
  url: z.string(),
  description: z.string(),
  events: z.array(z.string()),
  enabled: z.boolean(),
  consecutiveFailures: z.number(),
  /** When the current run of failures began (no success since); null while it succeeds. */
  failingSince: IsoDateTimeSchema.nullable(),
  disabledReason: z.string().nullable(),
  previousSecretUntil: IsoDateTimeSchema.nullable(),
  createdAt: IsoDateTimeSchema,
});
export type WebhookEndpoint = z.infer<typeof WebhookEndpointSchema>;
export const EndpointListResponseSchema = z.object({ data: z.array(WebhookEndpointSchema) });
export const EndpointResponseSchema = z.object({
  data: WebhookEndpointSchema,
  message: z.string(),
});
export const EndpointSecretResponseSchema = z.object({
  data: WebhookEndpointSchema,
  secret: z.string(),
  message: z.string(),
});
export type EndpointSecretResponse = z.infer<typeof EndpointSecretResponseSchema>;

export const DELIVERY_STATUSES = ['pending', 'succeeded', 'failed'] as const;
export type DeliveryStatus = (typeof DELIVERY_STATUSES)[number];
export const DeliverySchema = z.object({
  id: z.number(),
  eventId: z.string(),
  eventType: z.string(),
  status: z.enum(DELIVERY_STATUSES),
  attempts: z.number(),
  statusCode: z.number().nullable(),
  durationMs: z.number().nullable(),
  response: z.string().nullable(),
  error: z.string().nullable(),
  lastAttemptAt: IsoDateTimeSchema.nullable(),
  createdAt: IsoDateTimeSchema,
});
export type Delivery = z.infer<typeof DeliverySchema>;
export const DELIVERY_PAGE_SIZE = 20;
export const DeliveryListQuerySchema = z.object({
  status: z
    .enum(DELIVERY_STATUSES, { error: 'Status must be pending, succeeded or failed' })
    .optional(),
  page: z.coerce
    .number({ error: 'Page must be a whole number from 1' })
    .int('Page must be a whole number from 1')
    .min(1, 'Page must be a whole number from 1')
    .max(100_000, 'Page must be at most 100000')
    .default(1),
  pageSize: z.coerce
    .number({ error: 'Page size must be between 1 and 100' })
    .int('Page size must be between 1 and 100')
    .min(1, 'Page size must be between 1 and 100')
    .max(100, 'Page size must be between 1 and 100')
    .default(DELIVERY_PAGE_SIZE),
});
export const DeliveryListResponseSchema = z.object({
  data: z.array(DeliverySchema),
  total: z.number(),
  page: z.number(),
  pageSize: z.number(),
});
export type DeliveryListResponse = z.infer<typeof DeliveryListResponseSchema>;
export const RedeliverFailedResponseSchema = z.object({ message: z.string(), count: z.number() });
/** The answer to "Redeliver failed". */
export const redeliverFailedMessage = (n: number) =>
  n === 0
    ? 'There are no failed deliveries to send again'
    : `Redelivery of ${n} failed ${n === 1 ? 'delivery' : 'deliveries'} queued`;
export const MessageResponseSchema = z.object({ message: z.string() });

export const ChangesQuerySchema = z.object({
  since: z
    .string()
    .regex(/^\d{1,19}\.\d{1,18}$/, INTEGRATION_MSG.badCursor)
    .optional(),
  limit: z.coerce
    .number()
    .int()
    .min(1, 'Limit must be between 1 and 1000')
    .max(1000, 'Limit must be between 1 and 1000')
    .default(100),
  /** `published`: the published feed — versions published, unpublished, deleted (its own cursors). */
  version: VersionQuerySchema,
});
export const PatternChangeSchema = z.object({
  cursor: z.string(),
  /** The working feed: created, updated, deleted, restored; `version=published`: published, unpublished, deleted. */
  change: z.enum(['created', 'updated', 'deleted', 'restored', 'published', 'unpublished']),
  patternId: z.number(),
  SFCC_Pattern_ID: z.string(),
  brandId: z.number(),
  at: IsoDateTimeSchema,
  /** `version=published` only: the published version's number. */
  version: z.number().optional(),
});
export type PatternChange = z.infer<typeof PatternChangeSchema>;
export const ChangesResponseSchema = z.object({
  data: z.array(PatternChangeSchema),
  /** Pass as `since` on the next call; unchanged when nothing new was answered. */
  next: z.string(),
});
export type ChangesResponse = z.infer<typeof ChangesResponseSchema>;
