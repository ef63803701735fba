import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  BRAND_ADMIN_PATHS,
  type BrandName,
  type BrandResponse,
} from '../../../../shared/contracts/brands';
import { api } from '../../../lib/api-client';
import { FORM_MUTATION } from '../../../lib/query-client';
import { queryKeys } from '../../../lib/query-keys';

export const createBrand = (body: BrandName) =>
  api<BrandResponse>(BRAND_ADMIN_PATHS.create, { method: 'POST', body });

export function useCreateBrand() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: createBrand,
    ...FORM_MUTATION,
    onSuccess: () => qc.invalidateQueries({ queryKey: queryKeys.brands }),
  });
}
