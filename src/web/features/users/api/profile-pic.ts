import { useAuthedImage } from '../../../lib/authed-image';

/** The profile picture behind the bearer token (lib/authed-image.ts; the header's avatar uses it too). */
export function useProfilePic(
  url: string | null | undefined,
  version = 0,
): { src: string | null; failed: boolean } {
  return useAuthedImage(url, version);
}
