import type { Readable } from 'node:stream';
import { sql } from 'drizzle-orm';
import type { AppDeps, AuthUser } from '../../context';
import type { DbOrTx } from '../../db/client';
import type { SQL } from 'drizzle-orm';
import { conflict } from '../../lib/app-error';
import type { PatternExportQuery } from '../../../shared/contracts/pattern-list';
import {
  STOREFRONT_MSG,
  STOREFRONT_TARGETS,
  type PatternStorefront,
  type StorefrontTargetName,
  type StorefrontTargetsResponse,
} from '../../../shared/contracts/storefront';
import { buildArchive } from './archive';
import { sourcePages, type ReadPublished } from './source';
import { deliverSoon, queueFor } from './queue';
import { targetConfig, targetEnabled } from './targets';
import { addressProblem } from './client';

/** What the patterns feature lends this one (passed by app.ts: the features do not import each other in a cycle). */
export interface PatternAccess {
  /** Loads a pattern the user may see, or throws its 404. */
  loadPattern(
    db: DbOrTx,
    user: AuthUser,
    id: number,
    opts?: { forUpdate?: boolean },
  ): Promise<unknown>;
  /** The list filter's rows as a condition on `patterns`. */
  filterCondition(db: DbOrTx, user: AuthUser, filter: PatternExportQuery): Promise<SQL | undefined>;
  /** The published versions of these patterns (what the archive carries). */
  publishedVersions: ReadPublished;
}

const iso = (d: unknown) => (d ? new Date(d as string).toISOString() : null);
/** "2026-11-26 15:30 UTC": what the status lines say. */
export const shownTime = (d: string) => `${d.slice(0, 16).replace('T', ' ')} UTC`;

export async function listTargets(deps: AppDeps): Promise<StorefrontTargetsResponse> {
  const db = deps.database.db;
  const data = [];
  for (const name of STOREFRONT_TARGETS) {
    const t = targetConfig(deps.env, name);
    const pending = await db.execute<{ n: number }>(
      sql`SELECT count(*)::int AS n FROM storefront_pending WHERE target = ${name}`,
    );
    const runs = await db.execute<Record<string, unknown>>(sql`
      SELECT id, status, archive_name, products, message, started_at, finished_at
      FROM storefront_runs WHERE target = ${name} ORDER BY id DESC LIMIT 5`);
    data.push({
      name,
      enabled: targetEnabled(t),
      url: t.url,
      clientId: t.clientId,
      hasClientSecret: !!t.clientSecret,
      webdavUser: t.webdavUser,
      hasWebdavKey: !!t.webdavKey,
      catalogId: t.catalogId,
      pricebookId: t.pricebookId,
      currency: t.currency,
      addressProblem: t.url ? ((await addressProblem(t))?.message ?? null) : null,
      pending: Number(pending.rows[0]?.n ?? 0),
      runs: runs.rows.map((r) => ({
        id: Number(r.id),
        status: r.status as 'running' | 'ok' | 'error',
        archiveName: String(r.archive_name),
        products: Number(r.products),
        message: (r.message as string | null) ?? null,
        startedAt: iso(r.started_at)!,
        finishedAt: iso(r.finished_at),
      })),
    });
  }
  return { data, batchSeconds: deps.env.STOREFRONT_BATCH_SECONDS };
}

export async function patternStorefront(
  { loadPattern }: PatternAccess,
  deps: AppDeps,
  user: AuthUser,
  id: number,
): Promise<PatternStorefront> {
  await loadPattern(deps.database.db, user, id);
  const res = await deps.database.db.execute<Record<string, unknown>>(sql`
    SELECT target, state, mode, since, live_since, message FROM storefront_status WHERE pattern_id = ${id} ORDER BY target`);
  const targets = res.rows.map((r) => ({
    target: r.target as StorefrontTargetName,
    state: r.state as 'pending' | 'ok' | 'error',
    mode: r.mode as 'upsert' | 'offline' | 'delete',
    since: iso(r.since),
    liveSince: iso(r.live_since),
    message: (r.message as string | null) ?? null,
  }));
  return { targets, summary: summarize(targets) };
}

export function summarize(targets: PatternStorefront['targets']): PatternStorefront['summary'] {
  const by = (n: StorefrontTargetName) => targets.find((t) => t.target === n);
  const failed = targets.find((t) => t.state === 'error');
  if (failed)
    return { kind: 'failed', text: STOREFRONT_MSG.failed(failed.message ?? 'unknown error') };
  const prod = by('production');
  const stg = by('staging');
  if (prod?.state === 'ok' && prod.mode === 'upsert' && prod.liveSince)
    return { kind: 'live', text: STOREFRONT_MSG.live(shownTime(prod.liveSince)) };
  const waiting = targets.filter((t) => t.state === 'pending');
  // A delivery that failed and is being retried says so, with its last error (storefront_status.message).
  const retrying = waiting.find((t) => t.message);
  if (retrying) return { kind: 'pending', text: STOREFRONT_MSG.retrying(retrying.message!) };
  if (waiting.length) return { kind: 'pending', text: STOREFRONT_MSG.pending };
  if (stg?.state === 'ok' && stg.mode === 'upsert' && stg.liveSince)
    return { kind: 'staging', text: STOREFRONT_MSG.staging(shownTime(stg.liveSince)) };
  if (targets.some((t) => t.state === 'ok' && t.mode === 'offline'))
    return { kind: 'offline', text: STOREFRONT_MSG.offline };
  return { kind: 'none', text: null };
}

/** Retry: what failed for this pattern is queued again, and sent right away. */
export async function retryPattern(
  { loadPattern }: PatternAccess,
  deps: AppDeps,
  user: AuthUser,
  id: number,
) {
  return deps.database.db.transaction(async (tx) => {
    await loadPattern(tx, user, id, { forUpdate: true });
    const failed = await tx.execute<{
      target: StorefrontTargetName;
      mode: 'upsert' | 'offline' | 'delete';
    }>(
      sql`SELECT target, mode FROM storefront_status WHERE pattern_id = ${id} AND state = 'error'`,
    );
    if (!failed.rows.length) throw conflict(STOREFRONT_MSG.nothingToRetry);
    for (const f of failed.rows) {
      await queueFor(tx, id, f.mode, [f.target]);
      await deliverSoon(tx, f.target, `retry-${id}-${Date.now()}`);
    }
    return { message: STOREFRONT_MSG.retryQueued };
  });
}

/**
 * A full resync: every pattern the target should hold waits again (one statement), and the
 * delivery sends them in archives of STOREFRONT_ARCHIVE_MAX_PRODUCTS. Resumable by construction:
 * a pending row goes only once its import is confirmed; the pending count is the progress.
 */
export async function resyncTarget(deps: AppDeps, name: StorefrontTargetName) {
  if (!targetEnabled(targetConfig(deps.env, name))) throw conflict(STOREFRONT_MSG.targetOff(name));
  return deps.database.db.transaction(async (tx) => {
    const scope =
      name === 'production'
        ? sql`p."SFCC_Status" = 'published'`
        : sql`(p."SFCC_Status" IN ('published', 'in_review') OR p.edit_status IS NOT NULL)`;
    const res = await tx.execute<{ pattern_id: number }>(sql`
      INSERT INTO storefront_pending (target, pattern_id, product_id, mode, variant_ids)
      SELECT ${name}, p."ID", p."SFCC_Pattern_ID", 'upsert',
        coalesce((SELECT jsonb_agg(s."VariationID" ORDER BY s."ID") FROM sizes s WHERE s.pattern_id = p."ID"), '[]'::jsonb)
      FROM patterns p WHERE ${scope}
      ON CONFLICT (target, pattern_id) DO UPDATE SET mode = 'upsert',
        seq = nextval('storefront_pending_seq'), queued_at = now()
      RETURNING pattern_id`);
    await tx.execute(sql`
      INSERT INTO storefront_status (pattern_id, target, state, mode)
      SELECT q.pattern_id, ${name}, 'pending', 'upsert' FROM storefront_pending q WHERE q.target = ${name}
      ON CONFLICT (pattern_id, target) DO UPDATE SET state = 'pending', mode = 'upsert', message = NULL, updated_at = now()`);
    await deliverSoon(tx, name, `resync-${Date.now()}`);
    return { message: STOREFRONT_MSG.resyncQueued(res.rows.length) };
  });
}

/**
 * The download for a merchandiser's manual import: the list's filters select the patterns (every
 * published pattern when no status is chosen), into the production target's catalog and price
 * book ids (or staging's, or defaults). Checked before the first byte, then streamed.
 */
export async function archiveDownload(
  { filterCondition, publishedVersions }: PatternAccess,
  deps: AppDeps,
  user: AuthUser,
  query: PatternExportQuery,
): Promise<{ name: string; stream: Readable }> {
  const where = await filterCondition(deps.database.db, user, {
    ...query,
    status: query.status ?? 'published',
  });
  const prod = targetConfig(deps.env, 'production');
  const settings = targetEnabled(prod) ? prod : targetConfig(deps.env, 'staging');
  const name = `ppp_${new Date().toISOString().replace(/\D/g, '').slice(0, 14)}`;
  const pages = async function* () {
    for await (const page of sourcePages(deps, { where }, undefined, {
      published: publishedVersions,
      orWorking: true,
    }))
      yield page.map((pattern) => ({ mode: 'upsert' as const, pattern }));
  };
  return { name, stream: buildArchive(deps.files, name, pages, settings) };
}
