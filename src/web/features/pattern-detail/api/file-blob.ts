import { useEffect, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { FILE_PATHS } from '../../../../shared/contracts/files';
import { ApiError } from '../../../lib/api-client';
import { sessionToken } from '../../../lib/session';
import { queryKeys } from '../../../lib/query-keys';

/**
 * A stored file's bytes, fetched with the bearer token: <img> and pdf.js cannot send the header
 * themselves. File IDs are never reused for other content (a replaced file gets a new ID), so a
 * blob can be cached for as long as the page lives.
 */
export async function fetchFileBlob(fileId: number): Promise<Blob> {
  const token = sessionToken();
  const res = await fetch(`${FILE_PATHS.download(fileId)}?inline=1`, {
    headers: token ? { authorization: `Bearer ${token}` } : {},
  });
  if (!res.ok)
    throw new ApiError(res.status, {
      message:
        res.status === 404
          ? 'This file is no longer available'
          : `Could not load the file (${res.status})`,
      code: 'FILE',
    });
  return res.blob();
}

export function useFileBlob(fileId: number | undefined) {
  return useQuery({
    queryKey: queryKeys.fileBlob(fileId),
    queryFn: () => fetchFileBlob(fileId!),
    enabled: fileId !== undefined,
    staleTime: Infinity,
    gcTime: 5 * 60_000,
  });
}

/** An object URL for the file, revoked when the component goes away or the file changes. */
export function useFileObjectUrl(fileId: number | undefined) {
  const blob = useFileBlob(fileId);
  const [url, setUrl] = useState<string>();
  useEffect(() => {
    if (!blob.data) return;
    const u = URL.createObjectURL(blob.data);
    setUrl(u);
    return () => {
      URL.revokeObjectURL(u);
      setUrl(undefined);
    };
  }, [blob.data]);
  return { url, isLoading: blob.isLoading, error: blob.error };
}
