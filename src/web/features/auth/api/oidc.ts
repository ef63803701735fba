import { queryOptions, useMutation } from '@tanstack/react-query';
import type { LoginResponse } from '../../../../shared/contracts/auth';
import { OIDC_PATHS, type OidcConfig } from '../../../../shared/contracts/oidc';
import { api } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';
import { FORM_MUTATION } from '../../../lib/query-client';

/** Whether company sign-in is set up; a portal without it shows no button. */
export const oidcConfigQuery = queryOptions({
  queryKey: queryKeys.oidcConfig,
  queryFn: () => api<OidcConfig>(OIDC_PATHS.config),
  staleTime: Infinity,
});

/** Collects the company sign-in's outcome the server keeps for this browser (a cookie). */
export function useFinishOidc() {
  return useMutation({
    mutationFn: () => api<LoginResponse>(OIDC_PATHS.finish, { method: 'POST' }),
    ...FORM_MUTATION,
  });
}
