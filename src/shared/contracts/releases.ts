import { z } from 'zod';
import { boundedId } from './common';
import { BULK_MAX, BULK_MAX_TEXT } from './bulk';

/**
 * Releases (issue 46, docs/releases.md): a named set of patterns published together at a time in
 * the publisher's time zone. Admins only; a pattern's own release is readable by whoever may see
 * the pattern.
 */
export const RELEASE_PATHS = {
  list: '/api/releases',
  one: (id: number | string) => `/api/releases/${id}`,
  ofPattern: (id: number | string) => `/api/patterns/${id}/release`,
} as const;
export const RELEASE_ROUTES = {
  list: '/api/releases',
  one: '/api/releases/:id',
  ofPattern: '/api/patterns/:id/release',
} as const;

export const RELEASE_LIMITS = { nameMax: 100 } as const;

export const RELEASE_STATUSES = ['scheduled', 'publishing', 'published', 'cancelled'] as const;
export type ReleaseStatus = (typeof RELEASE_STATUSES)[number];
export const RELEASE_STATUS_LABELS: Record<ReleaseStatus, string> = {
  scheduled: 'Scheduled',
  publishing: 'Publishing',
  published: 'Published',
  cancelled: 'Cancelled',
};

export const RELEASE_MSG = {
  created: 'Release scheduled',
  updated: 'Release updated',
  cancelled: 'Release cancelled',
  notScheduled: 'This release has already been published or cancelled: it can no longer change.',
  inThePast: 'Choose a time in the future',
  publishAtFormat: 'Publish time must be a date and time, e.g. 2027-01-15T07:00',
  notFound: (id: number) => `Pattern ${id}: not found`,
  inOther: (code: string, name: string) => `${code} is already in the release "${name}"`,
  notReady: 'Not ready: ',
} as const;

const patternIds = z
  .array(boundedId('patternIds must be pattern IDs', { coerce: false }), {
    error: 'patternIds must be a list of pattern IDs',
  })
  .max(BULK_MAX, `At most ${BULK_MAX_TEXT} patterns in one release`);

const name = z
  .string({ error: 'Name is required' })
  .trim()
  .min(1, 'Name is required')
  .max(RELEASE_LIMITS.nameMax, `Name must be at most ${RELEASE_LIMITS.nameMax} characters`);

/**
 * A wall-clock time in the publisher's time zone ("2027-01-15T07:00"), or an instant with its
 * offset ("2027-01-15T06:00:00Z").
 */
const publishAt = z
  .string({ error: RELEASE_MSG.publishAtFormat })
  .trim()
  .regex(
    /^\d{4}-\d{2}-\d{2}[T ]\d{2}:\d{2}(:\d{2}(\.\d{1,3})?)?(Z|[+-]\d{2}:?\d{2})?$/,
    RELEASE_MSG.publishAtFormat,
  );

export const ReleaseCreateSchema = z.object({
  name,
  publishAt,
  patternIds: patternIds.default([]),
});
export type ReleaseCreate = z.infer<typeof ReleaseCreateSchema>;

export const ReleaseUpdateSchema = z.object({
  name: name.optional(),
  publishAt: publishAt.optional(),
  addPatternIds: patternIds.optional(),
  removePatternIds: patternIds.optional(),
});
export type ReleaseUpdate = z.infer<typeof ReleaseUpdateSchema>;

export const ReleaseSummarySchema = z.object({
  id: z.number(),
  name: z.string(),
  /** The instant (ISO 8601, UTC). */
  publishAt: z.string(),
  /** The same time on the publisher's clock, "2027-01-15T07:00". */
  publishAtLocal: z.string(),
  /** "15 Jan, 07:00" on the publisher's clock. */
  publishAtLabel: z.string(),
  timeZone: z.string(),
  status: z.enum(RELEASE_STATUSES),
  patternCount: z.number(),
  published: z.number(),
  notReady: z.number(),
  publishedAt: z.string().nullable(),
});
export type ReleaseSummary = z.infer<typeof ReleaseSummarySchema>;

export const ReleasePatternSchema = z.object({
  id: z.number(),
  patternId: z.string(),
  name: z.string(),
  brand: z.string().nullable(),
  status: z.string(),
  outcome: z.enum(['published', 'not_ready']).nullable(),
  message: z.string().nullable(),
});

export const ReleaseDetailSchema = ReleaseSummarySchema.extend({
  patterns: z.array(ReleasePatternSchema),
});
export type ReleaseDetail = z.infer<typeof ReleaseDetailSchema>;

export const ReleaseListResponseSchema = z.object({ data: z.array(ReleaseSummarySchema) });
export const ReleaseResponseSchema = z.object({ message: z.string(), data: ReleaseDetailSchema });
export const ReleaseDetailResponseSchema = z.object({ data: ReleaseDetailSchema });

/** A pattern's scheduled release, for its screen: "Scheduled for release Spring 2027 on 15 Jan, 07:00". */
export const PatternReleaseResponseSchema = z.object({
  data: z
    .object({
      id: z.number(),
      name: z.string(),
      publishAt: z.string(),
      publishAtLabel: z.string(),
      timeZone: z.string(),
    })
    .nullable(),
});
export type PatternRelease = z.infer<typeof PatternReleaseResponseSchema>['data'];

export const releaseScheduledText = (r: { name: string; publishAtLabel: string }) =>
  `Scheduled for release ${r.name} on ${r.publishAtLabel}`;
