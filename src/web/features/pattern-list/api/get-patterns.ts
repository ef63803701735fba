import { keepPreviousData, useQuery } from '@tanstack/react-query';
import {
  PATTERN_LIST_PATHS,
  type PatternListQuery,
  type PatternListResponse,
} from '../../../../shared/contracts/pattern-list';
import { api } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

/** Under ['patterns'], so any change to a pattern elsewhere (detail, delete, add) refreshes the list. */

export const getPatterns = (query: PatternListQuery, signal?: AbortSignal) =>
  api<PatternListResponse>(PATTERN_LIST_PATHS.list, { query: { ...query }, signal });

/** The previous page stays on screen while the next one loads (no flash of an empty table). */
export function usePatternList(query: PatternListQuery) {
  return useQuery({
    queryKey: queryKeys.patternList(query),
    queryFn: ({ signal }) => getPatterns(query, signal),
    placeholderData: keepPreviousData,
    staleTime: 10_000,
  });
}
