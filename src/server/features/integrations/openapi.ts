import { z } from 'zod';
import type { OpenAPIV3_1 } from 'openapi-types';
import { WEBHOOK_EVENTS } from '../../../shared/contracts/integrations';
import { PatternDetailSchema } from '../../../shared/contracts/pattern-detail';
import { PublishedPatternSchema } from '../../../shared/contracts/pattern-published';

/**
 * What the OpenAPI document says about integrations (OpenAPI 3.1): the bearer scheme shared by
 * sessions and API tokens, and every webhook event with its payload and Standard Webhooks headers.
 */
const payload = (type: string, data: z.ZodType) =>
  z.toJSONSchema(
    z.object({
      id: z
        .string()
        .describe('Event id; also the webhook-id header. The same on every retry and redelivery.'),
      type: z.literal(type),
      timestamp: z.string().describe('When the change committed (ISO 8601).'),
      data,
    }),
    { unrepresentable: 'any', io: 'output' },
  );

const headers = {
  'webhook-id': {
    required: true,
    schema: { type: 'string' },
    description: 'Event id: de-duplicate on it.',
  },
  'webhook-timestamp': {
    required: true,
    schema: { type: 'string' },
    description: 'Unix seconds when this attempt was signed.',
  },
  'webhook-signature': {
    required: true,
    schema: { type: 'string' },
    description:
      'Space-separated "v1,<base64 HMAC-SHA256 of id.timestamp.body>" (two during a secret rotation). Verify with a Standard Webhooks library.',
  },
};

const patternPayload = z.object({
  pattern: PatternDetailSchema.describe(
    'The pattern as GET /api/patterns/{id} answers it (the working copy); file URLs are absolute and need a token.',
  ),
});
/** pattern.published: the published version beside the pattern (docs/integrations.md). */
const publishedPayload = patternPayload.extend({
  live: z.literal(true),
  publishedVersion: z.number(),
  published: PublishedPatternSchema.describe(
    'The published version, as GET /api/patterns/{id}/published answers it.',
  ),
});
/** Events about the working copy: of a published pattern, they say the change is not live. */
const workingCopyPayload = patternPayload.extend({
  live: z
    .literal(false)
    .optional()
    .describe('Present when the pattern is published: this change is not live (yet).'),
  publishedVersion: z
    .number()
    .optional()
    .describe('Present when the pattern is published: the version the storefront has.'),
});
const WORKING_COPY_EVENTS: string[] = [
  'pattern.updated',
  'pattern.sent_to_review',
  'pattern.changes_requested',
];
const payloadOf = (type: string) =>
  type === 'webhook.test'
    ? z.object({ message: z.string() })
    : type === 'pattern.published'
      ? publishedPayload
      : WORKING_COPY_EVENTS.includes(type)
        ? workingCopyPayload
        : patternPayload;

export const integrationsOpenApi: Partial<OpenAPIV3_1.Document> = {
  openapi: '3.1.0',
  components: {
    securitySchemes: {
      bearerAuth: {
        type: 'http',
        scheme: 'bearer',
        description:
          'A session token from POST /api/auth/login, or an API token (starts with "ppp_") an admin created on the Integrations screen. A token acts with its scope (read-only tokens get 403 on every write) and its brand (another brand\'s records are 404); tokens cannot manage accounts, tokens or webhooks.',
      },
    },
  },
  security: [{ bearerAuth: [] }],
  webhooks: Object.fromEntries(
    [...WEBHOOK_EVENTS, 'webhook.test'].map((type) => [
      type,
      {
        post: {
          summary:
            type === 'webhook.test'
              ? 'Test event (Send test event on the Integrations screen)'
              : `Pattern event ${type}`,
          parameters: Object.entries(headers).map(([name, h]) => ({ name, in: 'header', ...h })),
          requestBody: {
            required: true,
            content: {
              'application/json': {
                schema: payload(type, payloadOf(type)),
              },
            },
          },
          responses: {
            '2XX': {
              description:
                'Received. Any other answer, a redirect or no answer within 10 s is retried for about a day.',
            },
          },
        },
      },
    ]),
  ) as OpenAPIV3_1.Document['webhooks'],
};
