import { useMutation } from '@tanstack/react-query';
import type { PatternFilter } from '../../../../shared/contracts/pattern-list';
import { PATTERN_LIST_PATHS } from '../../../../shared/contracts/pattern-list-paths';
import { buildUrl, downloadFile } from '../../../lib/api-client';

/** Saves the current filter and order as CSV under the server's file name. */
export function useExportPatterns() {
  return useMutation({
    mutationFn: (filter: PatternFilter) =>
      downloadFile(buildUrl(PATTERN_LIST_PATHS.exportCsv, { ...filter }), 'patterns.csv'),
    meta: { errorMessage: 'The download failed. Please try again.' },
  });
}
