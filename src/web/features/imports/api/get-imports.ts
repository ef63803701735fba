import { useQuery } from '@tanstack/react-query';
import {
  IMPORT_PATHS,
  type ImportDetail,
  type ImportList,
} from '../../../../shared/contracts/imports';
import { api } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

const RUNNING = new Set(['checking', 'importing']);
/** How often a running import is asked for its progress; it keeps going on the server whatever the page does. */
export const POLL_MS = 1000;

/** The brand's imports (admins: all), newest first; polled while one of them runs. */
export function useImports() {
  return useQuery({
    queryKey: queryKeys.importList,
    queryFn: ({ signal }) => api<ImportList>(IMPORT_PATHS.list, { signal }),
    refetchInterval: (q) =>
      q.state.data?.items.some((j) => RUNNING.has(j.status)) ? POLL_MS * 3 : false,
  });
}

/** The imported files still waiting for their check (facts, thumbnails) after the import (issue 31). */
export const filesPending = (job: ImportDetail) =>
  job.status !== 'failed' && job.files.checked < job.files.total;

/** One import with its report; polled while it checks or imports, and while its files are checked. */
export function useImport(id: number) {
  return useQuery({
    queryKey: queryKeys.importJob(id),
    queryFn: ({ signal }) => api<ImportDetail>(IMPORT_PATHS.oneOf(id), { signal }),
    refetchInterval: (q) =>
      q.state.data && RUNNING.has(q.state.data.status)
        ? POLL_MS
        : q.state.data && filesPending(q.state.data)
          ? POLL_MS * 3
          : false,
  });
}
