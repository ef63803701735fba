import { useEffect, useState } from 'react';
import { sessionToken } from './session';

/**
 * An <img> cannot send the bearer token, so a signed-in image (the profile picture) is fetched
 * with it and shown through an object URL, released when the image changes or the component goes.
 * A new `version` (any value) fetches the same URL again, e.g. after the picture was replaced.
 */
export function useAuthedImage(
  url: string | null | undefined,
  version: unknown = 0,
): { src: string | null; failed: boolean } {
  const [state, setState] = useState<{ src: string | null; failed: boolean }>({
    src: null,
    failed: false,
  });
  useEffect(() => {
    if (!url) {
      setState({ src: null, failed: false });
      return;
    }
    const controller = new AbortController();
    let objectUrl: string | null = null;
    const token = sessionToken();
    fetch(url, {
      headers: token ? { authorization: `Bearer ${token}` } : {},
      signal: controller.signal,
      cache: 'no-cache',
    })
      .then(async (res) => {
        if (!res.ok) throw new Error(String(res.status));
        objectUrl = URL.createObjectURL(await res.blob());
        setState({ src: objectUrl, failed: false });
      })
      .catch((err: unknown) => {
        if ((err as Error).name !== 'AbortError') setState({ src: null, failed: true });
      });
    return () => {
      controller.abort();
      if (objectUrl) URL.revokeObjectURL(objectUrl);
    };
  }, [url, version]);
  return state;
}
