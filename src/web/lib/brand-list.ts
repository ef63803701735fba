import { queryOptions, useQuery } from '@tanstack/react-query';
import type { BrandListResponse } from '../../shared/contracts/brands';
import { BRAND_PATHS } from '../../shared/contracts/brands-paths';
import { api } from './api-client';
import { queryKeys } from './query-keys';

/**
 * The brand list: one query, one key, for every screen that shows brands (the admin's brand
 * manager, Create Account, My Account, the add and edit forms, the list's filter). It is reference
 * data of the whole app, like the session, so it lives here rather than in one feature (features
 * never import each other); adding or renaming a brand invalidates this key and every list follows.
 */
export const brandListQueryOptions = queryOptions({
  queryKey: queryKeys.brands,
  queryFn: () => api<BrandListResponse>(BRAND_PATHS.list),
  staleTime: 5 * 60_000,
});

/** `enabled: false` for screens where only admins choose a brand. */
export const useBrandList = (enabled = true) => useQuery({ ...brandListQueryOptions, enabled });
