import { useEffect, useRef, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { sessionToken } from '../lib/session';
import { queryKeys } from '../lib/query-keys';

/**
 * A thumbnail fetched with the bearer token (an <img> cannot send it) once it scrolls near the
 * screen, so a page of 100 rows loads only the thumbnails the user sees. The server marks
 * thumbnails cacheable for a year with an ETag, so the browser's cache answers repeat visits.
 */
async function fetchThumbnail(url: string): Promise<Blob> {
  const token = sessionToken();
  const res = await fetch(url, { headers: token ? { authorization: `Bearer ${token}` } : {} });
  if (!res.ok) throw new Error(`Thumbnail ${res.status}`);
  return res.blob();
}

export function LazyThumbnail({
  url,
  alt,
  className = 'h-12 w-12',
  fit = 'cover',
  testId = 'hero-thumbnail',
}: {
  url: string | null;
  alt: string;
  className?: string;
  /** 'contain' shows the whole picture (a PDF page), 'cover' fills the box (a photo). */
  fit?: 'cover' | 'contain';
  testId?: string;
}) {
  const box = useRef<HTMLSpanElement>(null);
  const [near, setNear] = useState(false);
  useEffect(() => {
    const el = box.current;
    if (!el || !url || near) return;
    if (typeof IntersectionObserver === 'undefined') return setNear(true);
    const io = new IntersectionObserver(
      (entries) => entries.some((e) => e.isIntersecting) && setNear(true),
      { rootMargin: '200px' },
    );
    io.observe(el);
    return () => io.disconnect();
  }, [url, near]);
  const blob = useQuery({
    queryKey: queryKeys.thumbnail(url),
    queryFn: () => fetchThumbnail(url!),
    enabled: Boolean(url) && near,
    staleTime: Infinity,
    gcTime: 10 * 60_000,
    retry: 1,
  });
  const [src, setSrc] = useState<string>();
  useEffect(() => {
    if (!blob.data) return;
    const u = URL.createObjectURL(blob.data);
    setSrc(u);
    return () => {
      URL.revokeObjectURL(u);
      setSrc(undefined);
    };
  }, [blob.data]);
  return (
    <span
      ref={box}
      className={`flex shrink-0 items-center justify-center overflow-hidden rounded border border-gray-200 bg-gray-100 ${className}`}
    >
      {src ? (
        <img
          src={src}
          alt={alt}
          className={`h-full w-full ${fit === 'contain' ? 'object-contain' : 'object-cover'}`}
          data-testid={testId}
        />
      ) : (
        <svg
          aria-hidden
          viewBox="0 0 20 20"
          className={`h-5 w-5 fill-current text-gray-400 ${url && !blob.isError ? 'animate-pulse' : ''}`}
        >
          <path d="M3 4h14v12H3V4zm2 2v6.5l3-3 2.5 2.5L13 9.5l2 2V6H5z" />
        </svg>
      )}
    </span>
  );
}
