import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { SizeFields, SizeMutationResponse } from '../../../../shared/contracts/sizes';
import { SIZE_PATHS } from '../../../../shared/contracts/sizes-paths';
import { api } from '../../../lib/api-client';
import { FORM_MUTATION } from '../../../lib/query-client';
import { sizeFormData } from './size-form-data';
import { queryKeys } from '../../../lib/query-keys';

/** The whole size (template fields included) and/or a new PDF. */
/** `version`: the size's version the screen showed; a newer one on the server is 412. */
export const updateSize = (
  sizeId: number,
  data: SizeFields | undefined,
  pdf?: File,
  version?: number,
) =>
  api<SizeMutationResponse>(SIZE_PATHS.one(sizeId), {
    method: 'POST',
    body: sizeFormData(data, pdf),
    version,
  });

export function useUpdateSize(patternId: number) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({
      sizeId,
      data,
      pdf,
      version,
    }: {
      sizeId: number;
      data?: SizeFields;
      pdf?: File;
      version?: number;
    }) => updateSize(sizeId, data, pdf, version),
    ...FORM_MUTATION,
    onSuccess: (_res, vars) => {
      void qc.invalidateQueries({ queryKey: queryKeys.pattern(patternId) });
      void qc.invalidateQueries({ queryKey: queryKeys.size(vars.sizeId) });
    },
  });
}
