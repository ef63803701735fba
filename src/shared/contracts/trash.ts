import { z } from 'zod';
import { boundedId, IsoDateTimeSchema } from './common';
import { BULK_DELETE_MAX } from './pattern-list';

/**
 * The Trash (issue 34 item 13): deleted patterns wait here with their sizes, pieces and files for
 * TRASH_RETENTION_DAYS (30 by default), then a daily job purges them. Admins see every brand's,
 * a partner their brand's; restoring puts a pattern back as it was.
 */
export { TRASH_ROUTES, TRASH_PAGE_SIZE, TRASH_MSG } from './trash-paths';

export const TrashQuerySchema = z.object({
  page: z.coerce
    .number({ error: 'page must be a whole number from 1' })
    .int('page must be a whole number from 1')
    .min(1, 'page must be a whole number from 1')
    .max(100_000, 'page must be at most 100000')
    .default(1),
});

export const TrashItemSchema = z.object({
  ID: z.number(),
  SFCC_Pattern_ID: z.string(),
  Pattern_Name: z.string(),
  brandId: z.number(),
  brandName: z.string(),
  SFCC_Status: z.string(),
  sizes: z.number(),
  files: z.number(),
  deletedAt: IsoDateTimeSchema,
  /** Who deleted it (their name), null once that account is gone. */
  deletedBy: z.string().nullable(),
  /** When the daily purge deletes it for good, files included. */
  purgeAt: IsoDateTimeSchema,
});
export type TrashItem = z.infer<typeof TrashItemSchema>;

export const TrashListResponseSchema = z.object({
  data: z.array(TrashItemSchema),
  total: z.number(),
  page: z.number(),
  pageSize: z.number(),
  retentionDays: z.number(),
});
export type TrashListResponse = z.infer<typeof TrashListResponseSchema>;

export const RestoreRequestSchema = z.object({
  ids: z
    .array(boundedId('ids must be pattern IDs', { coerce: false }), {
      error: 'ids must be a list of pattern IDs',
    })
    .min(1, 'Choose at least one pattern to restore')
    .max(BULK_DELETE_MAX, `At most ${BULK_DELETE_MAX} patterns can be restored at once`),
});

export const RestoreResponseSchema = z.object({
  message: z.string(),
  restored: z.array(z.number()),
});
export type RestoreResponse = z.infer<typeof RestoreResponseSchema>;
