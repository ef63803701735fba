import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  PIECE_PATHS,
  type PieceFields,
  type PieceMutationResponse,
} from '../../../../shared/contracts/pieces';
import { api } from '../../../lib/api-client';
import { FORM_MUTATION } from '../../../lib/query-client';
import { queryKeys } from '../../../lib/query-keys';

/** Adds a piece (no id) or replaces one (with its id): the same form does both. */
export const savePiece = (sizeId: number, body: PieceFields, pieceId?: number) =>
  pieceId === undefined
    ? api<PieceMutationResponse>(PIECE_PATHS.list(sizeId), { method: 'POST', body })
    : api<PieceMutationResponse>(PIECE_PATHS.one(pieceId), { method: 'PUT', body });

export function useSavePiece(sizeId: number) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ body, pieceId }: { body: PieceFields; pieceId?: number }) =>
      savePiece(sizeId, body, pieceId),
    ...FORM_MUTATION,
    // The size's piece count and its pattern's "last edited" change too.
    onSuccess: () => qc.invalidateQueries({ queryKey: queryKeys.size(sizeId) }),
  });
}
