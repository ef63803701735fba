import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  INTEGRATION_PATHS,
  type ApiToken,
  type CreateToken,
  type TokenCreatedResponse,
} from '../../../../shared/contracts/integrations';
import { FORM_MUTATION } from '../../../lib/query-client';
import { api } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

const KEY = queryKeys.apiTokens;

export function useApiTokens() {
  return useQuery({
    queryKey: KEY,
    queryFn: ({ signal }) => api<{ data: ApiToken[] }>(INTEGRATION_PATHS.tokens, { signal }),
  });
}

export function useCreateToken() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: CreateToken) =>
      api<TokenCreatedResponse>(INTEGRATION_PATHS.tokens, { method: 'POST', body }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: KEY }),
    ...FORM_MUTATION,
  });
}

export function useRevokeToken() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) =>
      api<{ message: string }>(INTEGRATION_PATHS.token(id), { method: 'DELETE' }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: KEY }),
  });
}
