import { z } from 'zod';
import { IsoDateTimeSchema } from './common';

/** A pattern's activity (issue 13): who did what to it, newest first, a page at a time. */
export const ACTIVITY_PATHS = {
  activity: (id: number | string) => `/api/patterns/${id}/activity`,
} as const;
export const ACTIVITY_ROUTES = {
  activity: '/api/patterns/:id/activity',
} as const;

export const ActivityQuerySchema = z.object({
  page: z.coerce
    .number({ error: 'page must be a whole number from 1' })
    .int('page must be a whole number from 1')
    .min(1, 'page must be a whole number from 1')
    .max(100_000)
    .default(1),
  pageSize: z.coerce
    .number({ error: 'pageSize must be 1 to 100' })
    .int('pageSize must be 1 to 100')
    .min(1, 'pageSize must be 1 to 100')
    .max(100, 'pageSize must be 1 to 100')
    .default(20),
});

export const ActivityEntrySchema = z.object({
  id: z.number(),
  action: z.string(),
  at: IsoDateTimeSchema,
  actor: z.object({ id: z.number().nullable(), name: z.string(), brand: z.string().nullable() }),
  /** One readable sentence ('Dana (McCall's) changed Price from 12.00 to 14.99'). */
  text: z.string(),
  /** Further lines (each field of a multi-field edit, each note of a request). */
  lines: z.array(z.string()),
  /** Files named in the entry that still exist, to link to them as they are now. */
  files: z.array(z.object({ id: z.number(), fileName: z.string() })),
});
export type ActivityEntry = z.infer<typeof ActivityEntrySchema>;
export const ActivityPageSchema = z.object({
  data: z.array(ActivityEntrySchema),
  total: z.number(),
  page: z.number(),
  pageSize: z.number(),
});
export type ActivityPage = z.infer<typeof ActivityPageSchema>;
