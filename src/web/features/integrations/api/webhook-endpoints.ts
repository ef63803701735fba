import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  INTEGRATION_PATHS,
  type DeliveryListResponse,
  type DeliveryStatus,
  type EndpointSecretResponse,
  type WebhookEndpoint,
  type WebhookEndpointInput,
} from '../../../../shared/contracts/integrations';
import { FORM_MUTATION } from '../../../lib/query-client';
import { api } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

const KEY = queryKeys.webhooks;

export function useWebhookEndpoints() {
  return useQuery({
    queryKey: KEY,
    queryFn: ({ signal }) =>
      api<{ data: WebhookEndpoint[] }>(INTEGRATION_PATHS.endpoints, { signal }),
  });
}

/**
 * One page of deliveries, newest first, optionally failed only; refreshed every few seconds while
 * open, since the worker delivers in the background. The page shown stays until the next arrives.
 */
export function useDeliveries(endpointId: number, q: { status?: DeliveryStatus; page: number }) {
  const search = new URLSearchParams();
  if (q.status) search.set('status', q.status);
  if (q.page > 1) search.set('page', String(q.page));
  const qs = search.toString();
  return useQuery({
    queryKey: [...queryKeys.webhookDeliveries(endpointId), q],
    queryFn: ({ signal }) =>
      api<DeliveryListResponse>(INTEGRATION_PATHS.deliveries(endpointId) + (qs ? `?${qs}` : ''), {
        signal,
      }),
    placeholderData: keepPreviousData,
    refetchInterval: 3000,
  });
}

function useInvalidating<V, R>(
  fn: (v: V) => Promise<R>,
  options: typeof FORM_MUTATION | object = {},
) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: fn,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: KEY }),
    ...options,
  });
}

export const useCreateEndpoint = () =>
  useInvalidating(
    (body: WebhookEndpointInput) =>
      api<EndpointSecretResponse>(INTEGRATION_PATHS.endpoints, { method: 'POST', body }),
    FORM_MUTATION,
  );
export const useUpdateEndpoint = () =>
  useInvalidating(({ id, body }: { id: number; body: WebhookEndpointInput }) =>
    api<{ message: string }>(INTEGRATION_PATHS.endpoint(id), { method: 'PUT', body }),
  );
export const useDeleteEndpoint = () =>
  useInvalidating((id: number) =>
    api<{ message: string }>(INTEGRATION_PATHS.endpoint(id), { method: 'DELETE' }),
  );
export const useRotateSecret = () =>
  useInvalidating((id: number) =>
    api<EndpointSecretResponse>(INTEGRATION_PATHS.rotate(id), { method: 'POST' }),
  );
export const useSendTest = () =>
  useInvalidating((id: number) =>
    api<{ message: string }>(INTEGRATION_PATHS.test(id), { method: 'POST' }),
  );
export const useRedeliver = () =>
  useInvalidating(({ id, deliveryId }: { id: number; deliveryId: number }) =>
    api<{ message: string }>(INTEGRATION_PATHS.redeliver(id, deliveryId), { method: 'POST' }),
  );
export const useRedeliverFailed = () =>
  useInvalidating((id: number) =>
    api<{ message: string; count: number }>(INTEGRATION_PATHS.redeliverFailed(id), {
      method: 'POST',
    }),
  );
export const useEndPreviousSecret = () =>
  useInvalidating((id: number) =>
    api<{ message: string }>(INTEGRATION_PATHS.endPreviousSecret(id), { method: 'POST' }),
  );
