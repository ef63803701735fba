import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { SizeFields, SizeMutationResponse } from '../../../../shared/contracts/sizes';
import { SIZE_PATHS } from '../../../../shared/contracts/sizes-paths';
import { api } from '../../../lib/api-client';
import { FORM_MUTATION } from '../../../lib/query-client';
import { sizeFormData } from './size-form-data';
import { queryKeys } from '../../../lib/query-keys';

export const addSize = (patternId: number, data: SizeFields, pdf: File) =>
  api<SizeMutationResponse>(SIZE_PATHS.list(patternId), {
    method: 'POST',
    body: sizeFormData(data, pdf),
  });

export function useAddSize(patternId: number) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ data, pdf }: { data: SizeFields; pdf: File }) => addSize(patternId, data, pdf),
    ...FORM_MUTATION,
    onSuccess: () => qc.invalidateQueries({ queryKey: queryKeys.pattern(patternId) }),
  });
}
