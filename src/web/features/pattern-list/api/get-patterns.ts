import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type {
  PatternListQuery,
  PatternListResponse,
} from '../../../../shared/contracts/pattern-list';
import { PATTERN_LIST_PATHS } from '../../../../shared/contracts/pattern-list-paths';
import { api } from '../../../lib/api-client';
import { takeEarlyGet } from '../../../lib/early-fetch';
import { queryClient } from '../../../lib/query-client';
import { queryKeys } from '../../../lib/query-keys';
import { sessionToken } from '../../../lib/session';
import { parseListParams } from '../hooks/use-list-params';

/** Under ['patterns'], so any change to a pattern elsewhere (detail, delete, add) refreshes the list. */

export const getPatterns = (query: PatternListQuery, signal?: AbortSignal) =>
  api<PatternListResponse>(PATTERN_LIST_PATHS.list, { query: { ...query }, signal });

/** The one definition of a page of the list: the screen and the prefetch below share its key and options. */
const patternListQuery = (query: PatternListQuery) =>
  queryOptions({
    queryKey: queryKeys.patternList(query),
    queryFn: ({ signal }) => getPatterns(query, signal),
    staleTime: 10_000,
  });

/** The previous page stays on screen while the next one loads (no flash of an empty table). */
export function usePatternList(query: PatternListQuery) {
  return useQuery({ ...patternListQuery(query), placeholderData: keepPreviousData });
}

/**
 * Starts fetching the page a My Patterns URL shows (its query string, read as the screen reads it),
 * so the request runs while the screen's script loads instead of after it renders; the screen's own
 * query then finds it in flight or done. Signed out, it does nothing (the screen sends to login).
 */
export function prefetchPatternList(search: string): void {
  if (!sessionToken()) return;
  const query = patternListQuery(parseListParams(new URLSearchParams(search)));
  // The request boot.ts sent with this very query string, if it did: the server read it with the
  // same schema, so its answer is this page's (a refused one is asked again, normally).
  const early = takeEarlyGet<PatternListResponse>(PATTERN_LIST_PATHS.list + search);
  void queryClient.prefetchQuery(
    early
      ? {
          ...query,
          queryFn: async (ctx) => (await early) ?? query.queryFn!(ctx),
        }
      : query,
  );
}
