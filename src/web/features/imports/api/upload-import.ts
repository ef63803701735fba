import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  IMPORT_FIELDS,
  IMPORT_PATHS,
  type ImportJob,
  type ImportMode,
} from '../../../../shared/contracts/imports';
import { uploadWithProgress, type UploadProgress } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

export interface UploadInput {
  sheet: File;
  zip?: File;
  mode: ImportMode;
  onProgress(p: UploadProgress): void;
}

/** Sends the sheet and the ZIP (mode first, so the server knows it before the files); the check then runs on the server. */
export function useUploadImport() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ sheet, zip, mode, onProgress }: UploadInput) => {
      const form = new FormData();
      form.append(IMPORT_FIELDS.mode, mode);
      form.append(IMPORT_FIELDS.sheet, sheet, sheet.name);
      if (zip) form.append(IMPORT_FIELDS.zip, zip, zip.name);
      return uploadWithProgress<ImportJob>(IMPORT_PATHS.list, form, onProgress);
    },
    onSuccess: () => void qc.invalidateQueries({ queryKey: queryKeys.imports }),
  });
}
