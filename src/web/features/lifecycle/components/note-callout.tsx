import type { ReviewNote } from '../../../../shared/contracts/lifecycle';

/** A reviewer's note shown beside the field, file or size it is about, until the pattern is sent to review again. */
export function NoteCallout({ notes, withLabel }: { notes: ReviewNote[]; withLabel?: boolean }) {
  if (!notes.length) return null;
  return (
    <ul className="mt-1 flex flex-col gap-1">
      {notes.map((n) => (
        <li
          key={n.id}
          data-testid="review-note"
          className={`rounded-md border px-2 py-1 text-sm ${n.addressed ? 'border-gray-300 bg-gray-50 text-gray-700' : 'border-amber-400 bg-amber-50 text-amber-950'}`}
        >
          <span className="font-semibold">
            Reviewer’s note{withLabel ? ` on ${n.targetLabel}` : ''}
            {n.addressed ? ' (addressed)' : ''}:
          </span>{' '}
          {n.text}
        </li>
      ))}
    </ul>
  );
}

/** Notes grouped by what they are about, for the screens that show them at their place. */
export function notesByTarget(
  notes: ReviewNote[] | undefined,
  targetType: ReviewNote['targetType'],
): Record<string, ReviewNote[]> {
  const out: Record<string, ReviewNote[]> = {};
  for (const n of notes ?? []) if (n.targetType === targetType) (out[n.targetKey] ??= []).push(n);
  return out;
}
