import { useProfilePic } from '../api/profile-pic';
import { initials } from '../../../components/nav-items';

interface Props {
  fullName: string;
  /** The server's picture URL, or a local preview (blob:) to show as is. */
  url: string | null | undefined;
  version?: number;
  size?: 'md' | 'lg';
}

/** The profile picture, or the initials while there is none (or it cannot be loaded). */
export function Avatar({ fullName, url, version, size = 'lg' }: Props) {
  const isLocal = Boolean(url?.startsWith('blob:'));
  const fetched = useProfilePic(isLocal ? null : url, version);
  const src = isLocal ? url : fetched.src;
  const box = size === 'lg' ? 'h-24 w-24 text-2xl' : 'h-12 w-12 text-base';
  if (src)
    return (
      <img
        src={src}
        alt={`Profile picture of ${fullName}`}
        className={`${box} shrink-0 rounded-full object-cover ring-2 ring-brand`}
      />
    );
  return (
    <span
      aria-label={`${fullName} (no profile picture)`}
      role="img"
      className={`${box} flex shrink-0 items-center justify-center rounded-full bg-ink font-bold text-brand`}
    >
      {initials(fullName)}
    </span>
  );
}
