import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { DEVICES_PATHS, type DeviceList } from '../../../../shared/contracts/devices';
import { api } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

export const devicesQuery = queryOptions({
  queryKey: queryKeys.devices,
  queryFn: () => api<DeviceList>(DEVICES_PATHS.list),
});

export function useSignOutDevice() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (id: number) =>
      api<{ message: string }>(DEVICES_PATHS.signOut.replace(':id', String(id)), {
        method: 'DELETE',
      }),
    meta: { errorMessage: 'Could not sign out that device' },
    onSettled: () => qc.invalidateQueries({ queryKey: queryKeys.devices }),
  });
}

export function useSignOutOthers() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: () =>
      api<{ message: string; count: number }>(DEVICES_PATHS.signOutOthers, { method: 'POST' }),
    meta: { errorMessage: 'Could not sign out the other devices' },
    onSettled: () => qc.invalidateQueries({ queryKey: queryKeys.devices }),
  });
}
