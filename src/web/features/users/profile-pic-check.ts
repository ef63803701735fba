import { IMAGE_EXTENSIONS, LIMITS, MB } from '../../../shared/limits';

/** The first bytes of PNG and JPEG files: the server checks content, so the form does too. */
const SIGNATURES = [
  [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a],
  [0xff, 0xd8, 0xff],
];

/** Why a chosen picture cannot be sent, in the server's words, or null when it can. */
export async function checkProfilePic(file: File): Promise<string | null> {
  const ext = file.name.split('.').pop()?.toLowerCase() ?? '';
  if (!(IMAGE_EXTENSIONS as readonly string[]).includes(ext))
    return `${file.name} is not a JPG or PNG image`;
  if (file.size > LIMITS.profilePicBytes)
    return `${file.name} is larger than ${LIMITS.profilePicBytes / MB}MB`;
  const head = new Uint8Array(await file.slice(0, 8).arrayBuffer());
  if (!SIGNATURES.some((sig) => sig.every((b, i) => head[i] === b)))
    return `${file.name} is not a JPG or PNG image`;
  return null;
}
