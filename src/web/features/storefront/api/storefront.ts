import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  PatternStorefront,
  StorefrontTargetsResponse,
} from '../../../../shared/contracts/storefront';
import {
  STOREFRONT_PATHS,
  type StorefrontTargetName,
} from '../../../../shared/contracts/storefront-paths';
import { api } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

export function useStorefrontTargets() {
  return useQuery({
    queryKey: queryKeys.storefrontTargets,
    queryFn: ({ signal }) => api<StorefrontTargetsResponse>(STOREFRONT_PATHS.targets, { signal }),
    refetchInterval: 10_000,
  });
}

export function useResync() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (name: StorefrontTargetName) =>
      api<{ message: string }>(STOREFRONT_PATHS.resync.replace(':name', name), { method: 'POST' }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.storefrontTargets }),
  });
}

export function usePatternStorefront(id: number) {
  return useQuery({
    queryKey: queryKeys.patternStorefront(id),
    queryFn: ({ signal }) =>
      api<PatternStorefront>(STOREFRONT_PATHS.pattern.replace(':id', String(id)), { signal }),
    refetchInterval: (q) => (q.state.data?.summary.kind === 'pending' ? 3000 : false),
  });
}

export function useRetryStorefront(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () =>
      api<{ message: string }>(STOREFRONT_PATHS.retry.replace(':id', String(id)), {
        method: 'POST',
      }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.patternStorefront(id) }),
  });
}
