import type { ReviewNote } from '../../../../shared/contracts/lifecycle';

/** Briefly, at most this many notes are listed; the rest are counted ("and 3 more"). */
const BRIEF = 5;

/**
 * Review notes not addressed: what each is about and its text. Brief (in a dialog): the first few,
 * each clamped to two lines; else all of them in full.
 */
export function OpenNotesList({
  notes,
  testId,
  brief = false,
}: {
  notes: ReviewNote[];
  testId: string;
  brief?: boolean;
}) {
  const shown = brief ? notes.slice(0, BRIEF) : notes;
  const rest = notes.length - shown.length;
  return (
    <ul className="mt-2 flex list-disc flex-col gap-1 pl-5" data-testid={testId}>
      {shown.map((n) => (
        <li key={n.id}>
          <span className={`whitespace-pre-line break-words ${brief ? 'line-clamp-2' : 'block'}`}>
            <strong>{n.targetLabel}</strong>: {n.text}
          </span>
        </li>
      ))}
      {rest > 0 && <li className="list-none">and {rest} more</li>}
    </ul>
  );
}
