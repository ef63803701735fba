import { useMutation, useQueryClient } from '@tanstack/react-query';
import { IMPORT_PATHS, type ImportJob } from '../../../../shared/contracts/imports';
import { api, buildUrl, downloadFile } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

/** Starts the import of what the check found valid. */
export function useRunImport(id: number) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: () => api<ImportJob>(IMPORT_PATHS.runOf(id), { method: 'POST' }),
    onSuccess: () => {
      void qc.invalidateQueries({ queryKey: queryKeys.imports });
      void qc.invalidateQueries({ queryKey: queryKeys.patterns });
    },
  });
}

/** The report CSV (the sheet with an Errors column). */
export function useDownloadReport(id: number) {
  return useMutation({
    mutationFn: () => downloadFile(IMPORT_PATHS.reportOf(id), `import-${id}-report.csv`),
  });
}

/** The empty template in either format. */
export function useDownloadTemplate() {
  return useMutation({
    mutationFn: (format: 'csv' | 'xlsx') =>
      downloadFile(
        buildUrl(IMPORT_PATHS.template, { format }),
        `pattern-import-template.${format}`,
      ),
  });
}
