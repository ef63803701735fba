import { useQuery } from '@tanstack/react-query';
import { BRAND_PATHS, type BrandListResponse } from '../../../../shared/contracts/brands';
import type { BrandRef } from '../../../../shared/contracts/auth';
import type { Option } from '../../../../shared/options';
import { api } from '../../../lib/api-client';

/** Same key as every other brand list in the app, so adding or renaming a brand refreshes them all. */
export const BRANDS_KEY = ['brands'] as const;

export function useBrandList() {
  return useQuery({ queryKey: BRANDS_KEY, queryFn: () => api<BrandListResponse>(BRAND_PATHS.list), staleTime: 5 * 60_000 });
}

/** Dropdown options (value = the brand's id as text) after the disabled placeholder. */
export function brandOptions(brands: BrandRef[] | undefined, placeholder = 'Choose Brand', extra: Option[] = []): Option[] {
  return [
    { id: 0, name: placeholder, value: null },
    ...extra.map((o, i) => ({ ...o, id: i + 1 })),
    ...(brands ?? []).map((b, i) => ({ id: extra.length + i + 1, name: b.name, value: String(b.id) })),
  ];
}
