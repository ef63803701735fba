import { useCallback, useEffect, useRef, useState } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  BULK_MSG,
  BULK_PATHS,
  type BulkAction,
  type BulkEditRequest,
  type BulkIdsResponse,
  type BulkResponse,
  type BulkResult,
} from '../../../../shared/contracts/bulk';
import type { PatternListQuery } from '../../../../shared/contracts/pattern-list';
import { api } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';
import { toast } from '../../../lib/toast';

/** What a bulk run sends besides the IDs: a reason, or the field and value of Edit fields. */
export interface BulkParams {
  reason?: string;
  set?: BulkEditRequest['set'];
}

/** A bulk run in progress, kept in sessionStorage so a reload picks it up where it stood. */
export interface BulkRun extends BulkParams {
  action: BulkAction;
  ids: number[];
  /** How many of `ids` are done (results in). */
  next: number;
  results: BulkResult[];
}

const STORE = 'ppp.bulk-run';
/** Patterns per call: progress moves every few seconds, and a reload loses at most one call's wait. */
export const BULK_CHUNK = 100;

const saved = (): BulkRun | null => {
  try {
    const raw = sessionStorage.getItem(STORE);
    return raw ? (JSON.parse(raw) as BulkRun) : null;
  } catch {
    return null;
  }
};
const save = (run: BulkRun | null) =>
  run ? sessionStorage.setItem(STORE, JSON.stringify(run)) : sessionStorage.removeItem(STORE);

const callBulk = (action: BulkAction, ids: number[], params: BulkParams & { preview?: boolean }) =>
  api<BulkResponse>(BULK_PATHS.action(action), { method: 'POST', body: { ids, ...params } });

/** Edit fields' "N patterns change": the server's answer without writing anything. */
export function useBulkPreview() {
  return useMutation({
    mutationFn: ({ ids, set }: { ids: number[]; set: BulkEditRequest['set'] }) =>
      callBulk('edit', ids, { set, preview: true }),
    meta: { errorMessage: 'Unable to count the patterns that change' },
  });
}

/** "Select all N matching the filters": the first BULK_MAX IDs the list's filters find. */
export function useMatchingIds() {
  return useMutation({
    mutationFn: (q: PatternListQuery) => {
      const { search, brand, status, type, fabric, printable } = q;
      return api<BulkIdsResponse>(BULK_PATHS.ids, {
        query: { search, brand, status, type, fabric, printable },
      });
    },
    meta: { errorMessage: 'Failed to fetch' },
  });
}

/**
 * Runs a bulk action in calls of BULK_CHUNK patterns, saving where it stands after each, so a
 * reload resumes it; at the end a summary toast, the result (what could not be done, and why)
 * and a refreshed list.
 */
export function useBulkRun() {
  const qc = useQueryClient();
  const [run, setRun] = useState<BulkRun | null>(saved);
  const [finished, setFinished] = useState<BulkRun | null>(null);
  const going = useRef(false);

  const step = useMutation({
    mutationFn: async (start: BulkRun) => {
      let r = start;
      while (r.next < r.ids.length) {
        const ids = r.ids.slice(r.next, r.next + BULK_CHUNK);
        const res = await callBulk(r.action, ids, { reason: r.reason, set: r.set });
        r = { ...r, next: r.next + ids.length, results: [...r.results, ...res.results] };
        save(r);
        setRun(r);
      }
      return r;
    },
    meta: { errorMessage: 'The bulk action stopped: press Resume to go on' },
    onSuccess: (r) => {
      save(null);
      setRun(null);
      setFinished(r);
      const failed = r.results.filter((x) => !x.ok).length;
      const done = r.results.filter((x) => x.ok && x.changed !== false).length;
      const msg = BULK_MSG.summary(r.action, done, failed);
      if (failed) toast.warning(msg);
      else toast.success(msg);
    },
    onSettled: () => {
      going.current = false;
      return Promise.all([
        qc.invalidateQueries({ queryKey: queryKeys.patterns }),
        qc.invalidateQueries({ queryKey: queryKeys.trash }),
        qc.invalidateQueries({ queryKey: queryKeys.reviewCount }),
      ]);
    },
  });
  const { mutate } = step;

  const go = useCallback(
    (r: BulkRun) => {
      if (going.current) return;
      going.current = true;
      save(r);
      setRun(r);
      setFinished(null);
      mutate(r);
    },
    [mutate],
  );

  // A run a reload interrupted goes on by itself.
  useEffect(() => {
    const r = saved();
    if (r && r.next < r.ids.length) go(r);
  }, [go]);

  return {
    run,
    finished,
    running: step.isPending,
    stopped: step.isError && run !== null,
    start: (action: BulkAction, ids: number[], params: BulkParams) =>
      go({ action, ids, next: 0, results: [], ...params }),
    resume: () => run && go(run),
    discard: () => {
      save(null);
      setRun(null);
    },
    closeResult: () => setFinished(null),
  };
}
