import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router';
import type { PatternFilter, PatternListQuery } from '../../../../shared/contracts/pattern-list';
import {
  LIST_DEFAULTS,
  readListQuery,
  type PatternSortKey,
  type SortDirection,
} from '../../../../shared/contracts/pattern-list-query';

/**
 * The whole table state lives in the URL (sort, filters, search, page, page size, anchor), so a
 * reload, the back button and a shared link show the same view. The URL is read by the rules of
 * the API's own schema, without Zod (pattern-list-query.ts); a value the schema refuses (an edited
 * link) is dropped rather than breaking the page.
 */
export function parseListParams(params: URLSearchParams): PatternListQuery {
  return readListQuery(Object.fromEntries(params.entries()));
}

const FILTER_KEYS = ['search', 'brand', 'status', 'type', 'fabric', 'printable'] as const;

/** Only what differs from the defaults goes into the URL, so links stay short. */
function toSearchParams(q: Partial<PatternListQuery>): URLSearchParams {
  const out = new URLSearchParams();
  const put = (k: string, v: unknown, dflt?: unknown) => {
    if (v !== undefined && v !== null && v !== '' && v !== dflt) out.set(k, String(v));
  };
  for (const k of FILTER_KEYS) put(k, q[k]);
  put('sort', q.sort, LIST_DEFAULTS.sort);
  put('dir', q.dir, LIST_DEFAULTS.dir);
  put('pageSize', q.pageSize, LIST_DEFAULTS.pageSize);
  put('page', q.page, 1);
  put('after', q.after);
  put('before', q.before);
  return out;
}

export type FilterPatch = Partial<Pick<PatternFilter, (typeof FILTER_KEYS)[number]>>;

export function useListParams() {
  const [params, setParams] = useSearchParams();
  const query = useMemo(() => parseListParams(params), [params]);

  const go = useCallback(
    (next: Partial<PatternListQuery>, replace = false) =>
      setParams(toSearchParams(next), { replace, preventScrollReset: true }),
    [setParams],
  );
  const base = useMemo(() => ({ ...query, after: undefined, before: undefined }), [query]);

  return {
    query,
    hasFilters: FILTER_KEYS.some((k) => query[k] !== undefined && query[k] !== ''),
    /** A new filter or search starts again at page 1. Typing refines the search in place (one history entry per search). */
    setFilter: (patch: FilterPatch, opts: { replace?: boolean } = {}) =>
      go({ ...base, ...patch, page: 1 }, opts.replace),
    clearFilters: () => go({ sort: query.sort, dir: query.dir, pageSize: query.pageSize }),
    setSort: (sort: PatternSortKey, dir: SortDirection) => go({ ...base, sort, dir, page: 1 }),
    setPageSize: (pageSize: number) => go({ ...base, pageSize, page: 1 }),
    /** A page by number, or Next/Previous from the first/last row shown (fast however deep). */
    setPage: (page: number, anchor?: { after?: number; before?: number }) =>
      go({ ...base, page, ...anchor }),
    /** Corrects the URL without a history entry (e.g. a page past the end after a delete). */
    replacePage: (page: number) => go({ ...base, page }, true),
  };
}
