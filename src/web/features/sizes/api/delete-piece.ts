import { useMutation, useQueryClient } from '@tanstack/react-query';
import { PIECE_PATHS } from '../../../../shared/contracts/pieces';
import { MSG } from '../../../../shared/messages';
import { api } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

export const deletePiece = (pieceId: number) =>
  api<{ message: string }>(PIECE_PATHS.one(pieceId), { method: 'DELETE' });

export function useDeletePiece(sizeId: number) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (pieceId: number) => deletePiece(pieceId),
    meta: { errorMessage: MSG.deleteFailed },
    onSuccess: () => qc.invalidateQueries({ queryKey: queryKeys.size(sizeId) }),
  });
}
