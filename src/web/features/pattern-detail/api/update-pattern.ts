import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { UpdatePatternResponse } from '../../../../shared/contracts/pattern-detail';
import { PATTERN_DETAIL_PATHS } from '../../../../shared/contracts/pattern-detail-paths';
import type { PatternFields } from '../../../../shared/contracts/patterns';
import { api } from '../../../lib/api-client';
import { FORM_MUTATION } from '../../../lib/query-client';
import { queryKeys } from '../../../lib/query-keys';

/** `version`: the pattern's version the form was filled from; a newer one on the server is 412. */
export const updatePattern = (id: number, body: PatternFields, version?: number) =>
  api<UpdatePatternResponse>(PATTERN_DETAIL_PATHS.detail(id), { method: 'PUT', body, version });

export function useUpdatePattern(id: number) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ body, version }: { body: PatternFields; version: number }) =>
      updatePattern(id, body, version),
    ...FORM_MUTATION,
    onSuccess: (res) => {
      qc.setQueryData(queryKeys.pattern(id), res.data);
      // Queries under the pattern's key (its review notes, activity) changed with the edit too.
      void qc.invalidateQueries({
        queryKey: queryKeys.pattern(id),
        predicate: (q) => q.queryKey.length > 2,
      });
      // The list shows names, brands and dates: it must not show the old ones.
      void qc.invalidateQueries({ queryKey: queryKeys.patterns });
    },
  });
}
