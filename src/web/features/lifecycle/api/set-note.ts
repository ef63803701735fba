import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ReviewNote } from '../../../../shared/contracts/lifecycle';
import { LIFECYCLE_PATHS } from '../../../../shared/contracts/lifecycle-paths';
import { api } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

export function useSetNoteAddressed(id: number) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (v: { noteId: number; addressed: boolean }) =>
      api<{ data: ReviewNote }>(LIFECYCLE_PATHS.note(id, v.noteId), {
        method: 'PATCH',
        body: { addressed: v.addressed },
      }),
    meta: { errorMessage: 'Failed Update Record' },
    onSuccess: () => {
      void qc.invalidateQueries({ queryKey: queryKeys.review(id) });
      void qc.invalidateQueries({ queryKey: queryKeys.activity(id) });
    },
  });
}
