import { useQuery } from '@tanstack/react-query';
import { BRAND_PATHS, type BrandListResponse } from '../../../../shared/contracts/brands';
import { api } from '../../../lib/api-client';

/** Same key as the app's other brand lists. Only admins filter by brand, so only they load it. */
export function useBrandFilterOptions(enabled: boolean) {
  return useQuery({ queryKey: ['brands'], queryFn: () => api<BrandListResponse>(BRAND_PATHS.list), staleTime: 5 * 60_000, enabled });
}
