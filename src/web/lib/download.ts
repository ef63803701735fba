import { useMutation } from '@tanstack/react-query';
import { downloadFile } from './api-client';

/**
 * A stored file saved to the user's disk. A mutation, so a failure takes the one error road
 * (query-client.ts): one toast, the server's message or this fallback text.
 */
export function useDownloadFile() {
  return useMutation({
    mutationFn: (file: { path: string; fileName: string }) =>
      downloadFile(file.path, file.fileName),
    meta: { errorMessage: 'The file could not be downloaded' },
  });
}
