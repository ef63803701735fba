import { useMutation, useQueryClient } from '@tanstack/react-query';
import type {
  FilesMutationResponse,
  PatternFileKind,
} from '../../../../shared/contracts/pattern-detail';
import { PATTERN_DETAIL_PATHS } from '../../../../shared/contracts/pattern-detail-paths';
import { api } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

/** Replaces a single file kind or adds hero images: one multipart part per file, named by its kind. */
export const saveFiles = (id: number, kind: PatternFileKind, files: File[], version?: number) => {
  const form = new FormData();
  for (const f of files) form.append(kind, f, f.name);
  return api<FilesMutationResponse>(PATTERN_DETAIL_PATHS.files(id), {
    method: 'POST',
    body: form,
    version,
  });
};

export function useSaveFiles(id: number) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({
      kind,
      files,
      version,
    }: {
      kind: PatternFileKind;
      files: File[];
      version?: number;
    }) => saveFiles(id, kind, files, version),
    meta: { errorMessage: 'The file could not be saved. Please try again.' },
    onSuccess: () => qc.invalidateQueries({ queryKey: queryKeys.pattern(id) }),
  });
}
