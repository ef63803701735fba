import { z } from 'zod';
import { IsoDateTimeSchema } from './common';
import { STOREFRONT_TARGETS } from './storefront-paths';
export {
  STOREFRONT_TARGETS,
  STOREFRONT_PATHS,
  type StorefrontTargetName,
} from './storefront-paths';

export const StorefrontRunSchema = z.object({
  id: z.number(),
  status: z.enum(['running', 'ok', 'error']),
  archiveName: z.string(),
  products: z.number(),
  message: z.string().nullable(),
  startedAt: IsoDateTimeSchema,
  finishedAt: IsoDateTimeSchema.nullable(),
});

/** A target as shown on the Integrations screen: never a secret, only whether one is set. */
export const StorefrontTargetSchema = z.object({
  name: z.enum(STOREFRONT_TARGETS),
  enabled: z.boolean(),
  url: z.string().nullable(),
  clientId: z.string().nullable(),
  hasClientSecret: z.boolean(),
  webdavUser: z.string().nullable(),
  hasWebdavKey: z.boolean(),
  catalogId: z.string().nullable(),
  pricebookId: z.string().nullable(),
  currency: z.string(),
  /** Why the instance's address is refused (https on a public address), shown at the Instance field; null when it passes. */
  addressProblem: z.string().nullable(),
  /** Products waiting to be sent (a resync's progress: this falls to 0). */
  pending: z.number(),
  runs: z.array(StorefrontRunSchema),
});
export type StorefrontTarget = z.infer<typeof StorefrontTargetSchema>;
export const StorefrontTargetsResponseSchema = z.object({
  data: z.array(StorefrontTargetSchema),
  batchSeconds: z.number(),
});
export type StorefrontTargetsResponse = z.infer<typeof StorefrontTargetsResponseSchema>;

export const TargetParamsSchema = z.object({
  name: z.enum(STOREFRONT_TARGETS, { error: 'name must be staging or production' }),
});
export const PatternIdParamsSchema = z.object({
  id: z.coerce.number().int().min(1).max(2147483647),
});

export const PatternStorefrontSchema = z.object({
  targets: z.array(
    z.object({
      target: z.enum(STOREFRONT_TARGETS),
      state: z.enum(['pending', 'ok', 'error']),
      mode: z.enum(['upsert', 'offline', 'delete']),
      /** When the last confirmed import finished. */
      since: IsoDateTimeSchema.nullable(),
      /** When the product went online there and stayed (the summary's "since"); null while it is not. */
      liveSince: IsoDateTimeSchema.nullable(),
      message: z.string().nullable(),
    }),
  ),
  /** One line for the pattern screen and the list: live, on staging, failed, waiting, or none. */
  summary: z.object({
    kind: z.enum(['live', 'staging', 'failed', 'pending', 'offline', 'none']),
    text: z.string().nullable(),
  }),
});
export type PatternStorefront = z.infer<typeof PatternStorefrontSchema>;

export const MessageResponseSchema = z.object({ message: z.string() });

export const STOREFRONT_MSG = {
  live: (since: string) => `Live on production since ${since}`,
  staging: (since: string) => `On staging since ${since}`,
  failed: (message: string) => `Storefront import failed: ${message}`,
  pending: 'Waiting to be sent to the storefront',
  retrying: (message: string) =>
    `Delivery to the storefront is failing and being retried: ${message}`,
  offline: 'Offline on the storefront',
  retryQueued: 'Sent again: the storefront import is queued',
  nothingToRetry: 'Nothing failed for this pattern',
  resyncQueued: (n: number) => `Resync queued: ${n} published patterns`,
  targetOff: (name: string) => `The ${name} storefront is not configured`,
} as const;
