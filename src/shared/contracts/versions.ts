import { z } from 'zod';

/**
 * A stale write's refusal (412, code STALE_VERSION): the record's version now and its newest
 * change — who (`changedBy`, with their brand), what (`change`, the activity's sentence) and when
 * (`changedAt`, ISO). docs/concurrency.md.
 */
export const StaleConflictSchema = z.object({
  version: z.number(),
  changedBy: z.string().nullable(),
  changedAt: z.string().nullable(),
  change: z.string().nullable(),
});
export type StaleConflict = z.infer<typeof StaleConflictSchema>;

const utc = (iso: string) => `${iso.slice(0, 10)} ${iso.slice(11, 16)} UTC`;

export const STALE_MSG = {
  badIfMatch: 'If-Match must be the ETag the read answered, such as "3"',
  stale: (
    what: 'pattern' | 'size',
    c: Omit<StaleConflict, 'version'>,
    since: 'opened' | 'check' = 'opened',
  ) => {
    const after = since === 'check' ? 'after the sheet was checked' : 'after you opened it';
    const then =
      since === 'check'
        ? 'Nothing was imported for it: check the sheet again to update it.'
        : 'Nothing was saved: reload to see the newer version.';
    return c.changedBy && c.changedAt
      ? `This ${what} was changed by ${c.changedBy} on ${utc(c.changedAt)} ${after}. ${then}`
      : `This ${what} was changed ${after}. ${then}`;
  },
} as const;
