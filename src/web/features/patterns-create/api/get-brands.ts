import { useQuery } from '@tanstack/react-query';
import { BRAND_PATHS, type BrandListResponse } from '../../../../shared/contracts/brands';
import { api } from '../../../lib/api-client';

/** The brands an admin may submit for; users do not need the list (their brand is fixed). */
export function useBrands(enabled: boolean) {
  return useQuery({
    queryKey: ['brands', 'list'],
    queryFn: () => api<BrandListResponse>(BRAND_PATHS.list),
    enabled,
    staleTime: 5 * 60_000,
  });
}
