import type { Readable } from 'node:stream';
import type { AppDeps, AuthUser } from '../../context';
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
import { sourcePages } from './source';
import { loadPattern } from '../patterns';
import { filterCondition } from '../pattern-list';
import { deliverSoon, queueFor } from './queue';
import { targetConfig, targetEnabled } from './targets';
import { addressProblem } from './client';
import * as repo from './storefront.repo';

const iso = (d: unknown) => (d ? new Date(d as string).toISOString() : null);
/** "2026-11-26 15:30 UTC": what the status lines say. */
export const shownTime = (d: string) => `${d.slice(0, 16).replace('T', ' ')} UTC`;

export async function listTargets(deps: AppDeps): Promise<StorefrontTargetsResponse> {
  const db = deps.database.db;
  const data = [];
  for (const name of STOREFRONT_TARGETS) {
    const t = targetConfig(deps.env, name);
    const pending = await repo.countPending(db, name);
    const runs = await repo.recentRuns(db, name);
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
      pending,
      runs: runs.map((r) => ({
        id: Number(r.id),
        status: r.status,
        archiveName: r.archiveName,
        products: Number(r.products),
        message: r.message ?? null,
        startedAt: iso(r.startedAt)!,
        finishedAt: iso(r.finishedAt),
      })),
    });
  }
  return { data, batchSeconds: deps.env.STOREFRONT_BATCH_SECONDS };
}

export async function patternStorefront(
  deps: AppDeps,
  user: AuthUser,
  id: number,
): Promise<PatternStorefront> {
  await loadPattern(deps.database.db, user, id);
  const rows = await repo.patternStatuses(deps.database.db, id);
  const targets = rows.map((r) => ({
    target: r.target,
    state: r.state,
    mode: r.mode,
    since: iso(r.since),
    liveSince: iso(r.liveSince),
    message: r.message ?? null,
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
export async function retryPattern(deps: AppDeps, user: AuthUser, id: number) {
  return deps.database.db.transaction(async (tx) => {
    await loadPattern(tx, user, id, { forUpdate: true });
    const failed = await repo.failedTargets(tx, id);
    if (!failed.length) throw conflict(STOREFRONT_MSG.nothingToRetry);
    for (const f of failed) {
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
    const queued = await repo.queueResync(tx, name);
    await deliverSoon(tx, name, `resync-${Date.now()}`);
    return { message: STOREFRONT_MSG.resyncQueued(queued) };
  });
}

/**
 * The download for a merchandiser's manual import: the list's filters select the patterns (every
 * published pattern when no status is chosen), into the production target's catalog and price
 * book ids (or staging's, or defaults). Checked before the first byte, then streamed.
 */
export async function archiveDownload(
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
    for await (const page of sourcePages(deps, { where }, undefined, 'published or working'))
      yield page.map((pattern) => ({ mode: 'upsert' as const, pattern }));
  };
  return { name, stream: buildArchive(deps.files, name, pages, settings) };
}
