import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import {
  RELEASE_PATHS,
  type ReleaseCreate,
  type ReleaseDetail,
  type ReleaseSummary,
  type ReleaseUpdate,
} from '../../../../shared/contracts/releases';
import { api } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';
import { FORM_MUTATION } from '../../../lib/query-client';

type Saved = { data: ReleaseDetail; message: string };

export const releasesQuery = queryOptions({
  queryKey: queryKeys.releases,
  queryFn: () => api<{ data: ReleaseSummary[] }>(RELEASE_PATHS.list),
});

export const releaseQuery = (id: number) =>
  queryOptions({
    queryKey: queryKeys.release(id),
    queryFn: () => api<{ data: ReleaseDetail }>(RELEASE_PATHS.one(id)),
  });

export function useCreateRelease() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: ReleaseCreate) => api<Saved>(RELEASE_PATHS.list, { method: 'POST', body }),
    ...FORM_MUTATION,
    onSuccess: () => qc.invalidateQueries({ queryKey: queryKeys.releases }),
  });
}

export function useUpdateRelease() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ id, ...body }: ReleaseUpdate & { id: number }) =>
      api<Saved>(RELEASE_PATHS.one(id), { method: 'PATCH', body }),
    ...FORM_MUTATION,
    onSuccess: () => {
      void qc.invalidateQueries({ queryKey: queryKeys.releases });
      void qc.invalidateQueries({ queryKey: ['pattern'] });
    },
  });
}

export function useCancelRelease() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api<Saved>(RELEASE_PATHS.one(id), { method: 'DELETE' }),
    meta: { errorMessage: 'Could not cancel the release' },
    onSettled: () => {
      void qc.invalidateQueries({ queryKey: queryKeys.releases });
      void qc.invalidateQueries({ queryKey: ['pattern'] });
    },
  });
}
