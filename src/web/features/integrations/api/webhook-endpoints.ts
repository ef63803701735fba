import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  INTEGRATION_PATHS,
  type Delivery,
  type EndpointSecretResponse,
  type WebhookEndpoint,
  type WebhookEndpointInput,
} from '../../../../shared/contracts/integrations';
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

/** Newest first; refreshed every few seconds while open, since the worker delivers in the background. */
export function useDeliveries(endpointId: number) {
  return useQuery({
    queryKey: queryKeys.webhookDeliveries(endpointId),
    queryFn: ({ signal }) =>
      api<{ data: Delivery[] }>(INTEGRATION_PATHS.deliveries(endpointId), { signal }),
    refetchInterval: 3000,
  });
}

function useInvalidating<V, R>(fn: (v: V) => Promise<R>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: fn,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: KEY }),
  });
}

export const useCreateEndpoint = () =>
  useInvalidating((body: WebhookEndpointInput) =>
    api<EndpointSecretResponse>(INTEGRATION_PATHS.endpoints, { method: 'POST', body }),
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
