import type { ReviewState } from '../../../../shared/contracts/lifecycle';
import { useSetNoteAddressed } from '../api/set-note';
import { DateTime } from '../../../components/date-time';

/** At the top of a pattern sent back: the reason and every note, each of which can be ticked as addressed. */
export function ReviewBanner({
  patternId,
  request,
}: {
  patternId: number;
  request: NonNullable<ReviewState['request']>;
}) {
  const setNote = useSetNoteAddressed(patternId);
  return (
    <section
      aria-labelledby="changes-requested-heading"
      className="rounded-lg border border-amber-400 bg-amber-50 p-4 text-amber-950 shadow-sm"
    >
      <h2 id="changes-requested-heading" className="text-lg font-bold">
        Changes requested
      </h2>
      <p className="mt-1 text-sm">
        {request.requestedBy} on <DateTime iso={request.at} />:
      </p>
      <p className="mt-1 whitespace-pre-line font-medium" data-testid="review-reason">
        {request.reason}
      </p>
      {request.notes.length > 0 && (
        <fieldset className="mt-3">
          <legend className="text-sm font-semibold">
            Notes (tick each one you have dealt with; editing a noted field ticks it)
          </legend>
          <ul className="mt-2 flex flex-col gap-2">
            {request.notes.map((n) => (
              <li key={n.id}>
                <label className="flex items-start gap-2 text-sm">
                  <input
                    type="checkbox"
                    className="mt-0.5 h-4 w-4"
                    checked={n.addressed}
                    disabled={setNote.isPending}
                    onChange={(e) => setNote.mutate({ noteId: n.id, addressed: e.target.checked })}
                  />
                  <span className={n.addressed ? 'text-gray-700 line-through' : ''}>
                    <strong>{n.targetLabel}</strong>: {n.text}
                  </span>
                </label>
              </li>
            ))}
          </ul>
        </fieldset>
      )}
      <p className="mt-3 text-sm">
        When you have made the changes, send the pattern to review again.
      </p>
    </section>
  );
}
