import { formatDate, formatDateTime, formatRelative } from '../lib/format';

/**
 * A moment as the whole app writes it (lib/format.ts): the date and time, or relative ("5 minutes
 * ago") or the date alone when asked; the exact date and time on hover.
 */
export function DateTime({
  iso,
  relative = false,
  dateOnly = false,
}: {
  iso: string;
  relative?: boolean;
  dateOnly?: boolean;
}) {
  const exact = formatDateTime(iso);
  return (
    <time dateTime={iso} title={exact}>
      {relative ? formatRelative(iso) : dateOnly ? formatDate(iso) : exact}
    </time>
  );
}
