import type { AppDeps } from '../../context';
import type { PatternStatus } from '../../../shared/options';
import type { EditStatus } from '../../../shared/contracts/lifecycle';
import type { StorefrontTargetName } from '../../../shared/contracts/storefront';
import type { ItemPages } from './catalog-xml';
import type { StorefrontItem } from './mapping';
import { sourcePages } from './source';
import type { PendingRow } from './delivery.repo';
import { planState } from './storefront.repo';

/** Which content a target shows: the working copy, or the published version. */
type Source = 'working' | 'published';

/**
 * What one archive does for one pattern, decided when the archive is built: the whole product
 * (`upsert`, from `source`), taken offline, removed, or `none` (the target holds nothing of it and
 * should not: nothing is sent, and the pattern is not in the archive).
 */
export interface Decision {
  patternId: number;
  seq: number;
  mode: 'upsert' | 'offline' | 'delete' | 'none';
  source: Source | null;
  /** The products named: upsert, the master and its variants; offline and delete, what the target holds. */
  ids: string[];
  /** Upsert: products the target holds that this version no longer has (taken offline, prices removed). */
  dropped: string[];
}

/**
 * What a target should show of a pattern in this state (null: nothing online). Production: the
 * published version while the pattern is published. Staging, where the publisher checks work: the
 * working copy while it (or a published pattern's edit) is in review; after a refusal, or once
 * published, the published version again; nothing for a pattern never published and not in review.
 */
export function wantedSource(
  target: StorefrontTargetName,
  p: { status: PatternStatus; editStatus: EditStatus | null },
): Source | null {
  if (target === 'staging') {
    if (p.status === 'in_review') return 'working';
    if (p.status === 'published' && p.editStatus === 'in_review') return 'working';
  }
  return p.status === 'published' ? 'published' : null;
}

/**
 * The decisions for the pending rows of one archive, from each pattern's state now and what the
 * target holds (storefront_status.held): a deleted pattern is removed, one that should show
 * nothing is taken offline, one that should show content is sent whole from that content — or
 * taken offline when that content is missing (a published version no longer live). Offline and
 * delete name exactly what the target holds, never a size added since.
 */
export async function planItems(
  deps: AppDeps,
  target: StorefrontTargetName,
  rows: PendingRow[],
): Promise<Decision[]> {
  const db = deps.database.db;
  const ids = rows.map((r) => r.pattern_id);
  const res = await planState(db, target, ids);
  const state = new Map(res.map((r) => [Number(r.ID), r]));
  const wanted = new Map<number, Source | null>();
  for (const r of rows) {
    const p = state.get(r.pattern_id);
    const gone = !p || p.deleted || r.mode === 'delete';
    wanted.set(
      r.pattern_id,
      gone ? null : wantedSource(target, { status: p.status, editStatus: p.edit_status }),
    );
  }
  // The product ids each wanted content has now.
  const content = new Map<number, string[]>();
  for (const source of ['working', 'published'] as const) {
    const these = rows.filter((r) => wanted.get(r.pattern_id) === source).map((r) => r.pattern_id);
    if (!these.length) continue;
    for await (const page of sourcePages(deps, { ids: these }, undefined, source))
      for (const p of page) content.set(p.ID, [p.productId, ...p.sizes.map((s) => s.variationId)]);
  }
  return rows.map((r) => {
    const p = state.get(r.pattern_id);
    const held = p?.held ?? [r.product_id, ...r.variant_ids];
    const base = { patternId: r.pattern_id, seq: Number(r.seq), source: null, dropped: [] };
    const gone = !p || p.deleted || r.mode === 'delete';
    if (gone) return { ...base, mode: held.length ? 'delete' : 'none', ids: held };
    const source = wanted.get(r.pattern_id) ?? null;
    const now = content.get(r.pattern_id);
    if (!source || !now) return { ...base, mode: held.length ? 'offline' : 'none', ids: held };
    return {
      ...base,
      mode: 'upsert',
      source,
      ids: now,
      dropped: held.filter((id) => !now.includes(id)),
    };
  });
}

/** The archive's items for these decisions: removals and offline products first, then whole products read again from their content. */
export function planPages(deps: AppDeps, decisions: Decision[]): ItemPages {
  const byId = new Map(decisions.map((d) => [d.patternId, d]));
  return async function* () {
    const others: StorefrontItem[] = decisions.flatMap((d) =>
      d.mode === 'offline' || d.mode === 'delete' ? [{ mode: d.mode, productIds: d.ids }] : [],
    );
    if (others.length) yield others;
    for (const source of ['working', 'published'] as const) {
      const ids = decisions
        .filter((d) => d.mode === 'upsert' && d.source === source)
        .map((d) => d.patternId);
      if (!ids.length) continue;
      for await (const page of sourcePages(deps, { ids }, undefined, source))
        yield page.map((pattern) => ({
          mode: 'upsert' as const,
          pattern,
          dropped: byId.get(pattern.ID)?.dropped ?? [],
        }));
    }
  };
}
