import { formatDate, formatDateTime, formatDuration, formatRelative } from '../lib/format';

/**
 * A moment as the whole app writes it (lib/format.ts): the date and time, or relative ("5 minutes
 * ago") or the date alone when asked; the exact date and time on hover.
 *
 * Inside a sentence, `joinedBy` names the word that would lead to a date, and the moment brings
 * its own joint so the sentence reads in both forms (issue 48): "on" — "Since it was sent back,
 * 3 hours ago:" or "… sent back on Nov 26, 2026, 1:05 PM:"; "since" — "Failing for 3 hours" or
 * "Failing since Nov 26, …". Write the sentence without the word and without a space before it.
 */
export function DateTime({
  iso,
  relative = false,
  dateOnly = false,
  joinedBy,
}: {
  iso: string;
  relative?: boolean;
  dateOnly?: boolean;
  joinedBy?: 'on' | 'since';
}) {
  const exact = formatDateTime(iso);
  if (joinedBy) {
    const duration = formatDuration(iso);
    const [joint, text] =
      duration === null
        ? [` ${joinedBy} `, exact]
        : joinedBy === 'on'
          ? [', ', formatRelative(iso)]
          : [' for ', duration];
    return (
      <>
        {joint}
        <time dateTime={iso} title={exact}>
          {text}
        </time>
      </>
    );
  }
  return (
    <time dateTime={iso} title={exact}>
      {relative ? formatRelative(iso) : dateOnly ? formatDate(iso) : exact}
    </time>
  );
}
