import { formatDateTime, formatRelative } from '../lib/format';

/** A moment as the whole app writes it (lib/format.ts): relative if asked, the exact time on hover. */
export function DateTime({ iso, relative = false }: { iso: string; relative?: boolean }) {
  const exact = formatDateTime(iso);
  return (
    <time dateTime={iso} title={exact}>
      {relative ? formatRelative(iso) : exact}
    </time>
  );
}
