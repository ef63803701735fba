import { useQuery } from '@tanstack/react-query';
import { PIECE_PATHS, type PieceListResponse } from '../../../../shared/contracts/pieces';
import { api } from '../../../lib/api-client';

export const piecesKey = (sizeId: number) => ['size', sizeId, 'pieces'] as const;

export const listPieces = (sizeId: number) => api<PieceListResponse>(PIECE_PATHS.list(sizeId));

export function usePieces(sizeId: number) {
  return useQuery({ queryKey: piecesKey(sizeId), queryFn: () => listPieces(sizeId) });
}
