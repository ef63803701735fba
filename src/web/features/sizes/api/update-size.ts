import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  SIZE_PATHS,
  type SizeFields,
  type SizeMutationResponse,
} from '../../../../shared/contracts/sizes';
import { api } from '../../../lib/api-client';
import { FORM_MUTATION } from '../../../lib/query-client';
import { sizeFormData } from './size-form-data';
import { queryKeys } from '../../../lib/query-keys';

/** The whole size (template fields included) and/or a new PDF. */
export const updateSize = (sizeId: number, data: SizeFields | undefined, pdf?: File) =>
  api<SizeMutationResponse>(SIZE_PATHS.one(sizeId), {
    method: 'POST',
    body: sizeFormData(data, pdf),
  });

export function useUpdateSize(patternId: number) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ sizeId, data, pdf }: { sizeId: number; data?: SizeFields; pdf?: File }) =>
      updateSize(sizeId, data, pdf),
    ...FORM_MUTATION,
    onSuccess: (_res, vars) => {
      void qc.invalidateQueries({ queryKey: queryKeys.pattern(patternId) });
      void qc.invalidateQueries({ queryKey: queryKeys.size(vars.sizeId) });
    },
  });
}
