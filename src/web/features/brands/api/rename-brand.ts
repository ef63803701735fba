import { useMutation, useQueryClient } from '@tanstack/react-query';
import { BRAND_ADMIN_PATHS, type BrandResponse } from '../../../../shared/contracts/brands';
import { api } from '../../../lib/api-client';
import { FORM_MUTATION } from '../../../lib/query-client';
import { useAuth } from '../../../lib/auth';
import { queryKeys } from '../../../lib/query-keys';

export const renameBrand = ({ id, name }: { id: number; name: string }) =>
  api<BrandResponse>(BRAND_ADMIN_PATHS.rename(id), { method: 'PATCH', body: { name } });

export function useRenameBrand() {
  const qc = useQueryClient();
  const { user, refreshUser } = useAuth();
  return useMutation({
    mutationFn: renameBrand,
    ...FORM_MUTATION,
    onSuccess: (_res, { id }) =>
      Promise.all([
        qc.invalidateQueries({ queryKey: queryKeys.brands }),
        // Users lists and patterns show brand names too.
        qc.invalidateQueries({ queryKey: queryKeys.users }),
        qc.invalidateQueries({ queryKey: queryKeys.patterns }),
        // An admin with a brand of their own who renames it sees the new name on My Account at once.
        user?.brand?.id === id ? refreshUser() : undefined,
      ]),
  });
}
