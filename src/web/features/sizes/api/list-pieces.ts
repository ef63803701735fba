import { useQuery } from '@tanstack/react-query';
import { PIECE_PATHS, type PieceListResponse } from '../../../../shared/contracts/pieces';
import { api } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

export const listPieces = (sizeId: number) => api<PieceListResponse>(PIECE_PATHS.list(sizeId));

export function usePieces(sizeId: number) {
  return useQuery({ queryKey: queryKeys.pieces(sizeId), queryFn: () => listPieces(sizeId) });
}
