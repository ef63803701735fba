import type { StaleConflict } from '../../../../shared/contracts/versions';
import { PATTERN_LABELS } from '../../../../shared/contracts/patterns';
import { formatDateTime } from '../../../lib/format';
import { Button } from '../../../components/button';
import { Spinner } from '../../../components/spinner';

/** A field where the newer version differs from what the user typed. */
export interface NewerValue {
  field: keyof typeof PATTERN_LABELS;
  saved: string;
  typed: string;
}

interface Props {
  conflict: StaleConflict;
  /** Set once the newer version is loaded: where it differs from the form. */
  differences?: NewerValue[];
  loading: boolean;
  onReload(): void;
  onUseSaved(v: NewerValue): void;
}

const shown = (v: string) => (v === '' ? '(empty)' : v);

/**
 * A save refused because someone saved the pattern after this form was opened (412,
 * docs/concurrency.md): who, what and when; what the user typed stays in the form. Loading the
 * newer version lists where it differs from the form, each with "Use saved value"; saving then
 * writes the form over the newer version, knowingly.
 */
export function StaleNotice({ conflict, differences, loading, onReload, onUseSaved }: Props) {
  const who = conflict.changedBy ?? 'Someone';
  const when = conflict.changedAt ? ` on ${formatDateTime(conflict.changedAt)}` : '';
  return (
    <div
      role="alert"
      className="grid gap-2 rounded border border-amber-400 bg-amber-50 p-3 text-sm text-amber-950"
    >
      {differences === undefined ? (
        <>
          <p>
            <strong>
              Not saved: {who} saved this pattern{when}, after you opened it.
            </strong>{' '}
            {conflict.change ? `(${conflict.change}.) ` : ''}What you typed is still in the form
            below.
          </p>
          <div>
            <Button variant="secondary" onClick={onReload} disabled={loading}>
              {loading && <Spinner />}
              Load the newer version
            </Button>
          </div>
        </>
      ) : differences.length === 0 ? (
        <p>
          <strong>The newer version is loaded.</strong> It matches what you typed: save to keep your
          changes.
        </p>
      ) : (
        <>
          <p>
            <strong>The newer version is loaded.</strong> Your typing is kept. The other person
            changed these fields; choose, then save (the form is saved as it is):
          </p>
          <ul className="grid gap-1">
            {differences.map((d) => (
              <li key={d.field} className="flex flex-wrap items-center gap-2">
                <span className="min-w-0 wrap-anywhere">
                  {PATTERN_LABELS[d.field]}: saved <q>{shown(d.saved)}</q>, yours{' '}
                  <q>{shown(d.typed)}</q>
                </span>
                <Button
                  variant="secondary"
                  aria-label={`Use the saved ${PATTERN_LABELS[d.field]}`}
                  onClick={() => onUseSaved(d)}
                >
                  Use saved value
                </Button>
              </li>
            ))}
          </ul>
        </>
      )}
    </div>
  );
}
