import { useQuery } from '@tanstack/react-query';
import type { SiteConfig } from '../../../../shared/contracts/site';
import { SITE_PATHS } from '../../../../shared/contracts/site-paths';
import { api } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

export const siteConfigQuery = () => ({
  queryKey: queryKeys.siteConfig,
  queryFn: () => api<SiteConfig>(SITE_PATHS.config),
  staleTime: Infinity,
  retry: false,
});

/** The server's public settings; undefined while loading or when the call failed (the footer then shows what needs none). */
export function useSiteConfig(): SiteConfig | undefined {
  return useQuery(siteConfigQuery()).data;
}
