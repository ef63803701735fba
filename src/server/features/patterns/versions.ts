import { and, desc, eq, inArray } from 'drizzle-orm';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { DbOrTx } from '../../db/client';
import { patternActivity } from '../../db/schema/review';
import { AppError, badRequest } from '../../lib/app-error';
import { ERROR_CODES } from '../../../shared/errors';
import { STALE_MSG, type StaleConflict } from '../../../shared/contracts/versions';
import { describeActivity as describe } from '../activity';

/**
 * The version rule (docs/concurrency.md): a write to a pattern (its fields, its files) or to a
 * size names the version it was based on, as `If-Match: "<version>"` (the ETag its read answered)
 * or, where a caller has no headers (an import's rows, a bulk edit), as a number; when the row has
 * moved since, the write is refused with 412 saying who changed what and when. A write naming no
 * version is applied as it is (HTTP's rule: If-Match is the caller's choice).
 *
 * Call `assertVersion` inside the write's transaction, after the row was read `FOR UPDATE`
 * (`loadPattern(tx, user, id, { forUpdate: true })`), so two processes cannot both pass it.
 */

/** What a pattern's or size's read answers as its ETag. */
export const etagOf = (version: number) => `"${version}"`;

/** Sets the ETag of a pattern or size answered by a route. */
export function sendEtag(reply: FastifyReply, version: number) {
  void reply.header('etag', etagOf(version));
}

/**
 * The version a request names: its If-Match header (`"12"`, `W/"12"`; `*` or absent: none). A
 * value that is no version of ours is 400 at the header, never a silent overwrite.
 */
export function expectedVersion(request: FastifyRequest): number | undefined {
  const raw = request.headers['if-match'];
  if (raw === undefined || raw.trim() === '*' || raw.trim() === '') return undefined;
  const m = /^\s*(?:W\/)?"(\d{1,9})"\s*$/.exec(raw);
  if (!m) throw badRequest(STALE_MSG.badIfMatch, { 'If-Match': STALE_MSG.badIfMatch });
  return Number(m[1]);
}

/** Actions that change a pattern's content (what a stale write would overwrite). */
const CONTENT_ACTIONS = [
  'fields_changed',
  'file_added',
  'file_replaced',
  'file_removed',
  'size_added',
  'size_changed',
  'size_deleted',
  'piece_added',
  'piece_changed',
  'piece_deleted',
];

/** The newest content change of the pattern (of the size `sizeLabel`, when given): who, what, when. */
async function lastChange(
  db: DbOrTx,
  patternId: number,
  sizeLabel?: string,
): Promise<Omit<StaleConflict, 'version'>> {
  const rows = await db
    .select()
    .from(patternActivity)
    .where(
      and(
        eq(patternActivity.patternId, patternId),
        inArray(patternActivity.action, CONTENT_ACTIONS),
      ),
    )
    .orderBy(desc(patternActivity.id))
    .limit(20);
  const row =
    rows.find(
      (r) => sizeLabel === undefined || (r.details as { size?: string }).size === sizeLabel,
    ) ?? rows[0];
  if (!row) return { changedBy: null, changedAt: null, change: null };
  const d = describe(row);
  return {
    changedBy: row.actorBrand ? `${row.actorName} (${row.actorBrand})` : row.actorName,
    changedAt: row.createdAt.toISOString(),
    change: [d.text, ...d.lines].join('; '),
  };
}

/** Throws the 412 of a stale write when `expected` is given and is not `current`. */
export async function assertVersion(
  db: DbOrTx,
  target: {
    patternId: number;
    current: number;
    size?: { label: string };
    /** 'check': an import's row, based on the pattern as its sheet was checked. */
    since?: 'opened' | 'check';
  },
  expected: number | undefined,
): Promise<void> {
  if (expected === undefined || expected === target.current) return;
  const last = await lastChange(db, target.patternId, target.size?.label);
  const conflict: StaleConflict = { version: target.current, ...last };
  throw new AppError(
    412,
    ERROR_CODES.stale,
    STALE_MSG.stale(target.size ? 'size' : 'pattern', conflict, target.since),
    undefined,
    { conflict },
  );
}
