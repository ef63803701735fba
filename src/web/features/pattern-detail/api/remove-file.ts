import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { FilesMutationResponse } from '../../../../shared/contracts/pattern-detail';
import { PATTERN_DETAIL_PATHS } from '../../../../shared/contracts/pattern-detail-paths';
import { api } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

export const removeFile = (id: number, fileId: number, version?: number) =>
  api<FilesMutationResponse>(PATTERN_DETAIL_PATHS.file(id, fileId), { method: 'DELETE', version });

export function useRemoveFile(id: number) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ fileId, version }: { fileId: number; version?: number }) =>
      removeFile(id, fileId, version),
    meta: { errorMessage: 'The file could not be removed. Please try again.' },
    onSuccess: () => qc.invalidateQueries({ queryKey: queryKeys.pattern(id) }),
  });
}
