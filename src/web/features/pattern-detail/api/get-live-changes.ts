import { useQuery } from '@tanstack/react-query';
import {
  PATTERN_PUBLISHED_PATHS,
  type LiveChanges,
} from '../../../../shared/contracts/pattern-published';
import { api } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

const getLiveChanges = (id: number) =>
  api<{ data: LiveChanges }>(PATTERN_PUBLISHED_PATHS.liveChanges(id)).then((r) => r.data);

/** What is live of a published pattern and what its waiting edit changes (only asked for such a pattern). */
export function useLiveChanges(id: number, enabled: boolean) {
  return useQuery({
    queryKey: queryKeys.liveChanges(id),
    queryFn: () => getLiveChanges(id),
    enabled,
    staleTime: 0,
  });
}
