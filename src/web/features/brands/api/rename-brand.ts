import { useMutation, useQueryClient } from '@tanstack/react-query';
import { BRAND_ADMIN_PATHS, type BrandResponse } from '../../../../shared/contracts/brands';
import { api } from '../../../lib/api-client';
import { BRANDS_KEY } from './list-brands';

export const renameBrand = ({ id, name }: { id: number; name: string }) =>
  api<BrandResponse>(BRAND_ADMIN_PATHS.rename(id), { method: 'PATCH', body: { name } });

export function useRenameBrand() {
  const qc = useQueryClient();
  // Users lists show brand names too.
  return useMutation({ mutationFn: renameBrand, onSuccess: () => Promise.all([qc.invalidateQueries({ queryKey: BRANDS_KEY }), qc.invalidateQueries({ queryKey: ['users'] })]) });
}
