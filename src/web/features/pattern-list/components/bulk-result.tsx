import { BULK_ACTION_LABELS, BULK_MSG } from '../../../../shared/contracts/bulk';
import { Button } from '../../../components/button';
import { Spinner } from '../../../components/spinner';
import { formatCount } from '../../../lib/format';
import type { BulkRun } from '../api/bulk-run';

/** A bulk run going on (progress), stopped (Resume), or done: what could not be done, and why. */
export function BulkProgress({
  run,
  stopped,
  onResume,
  onDiscard,
}: {
  run: BulkRun;
  stopped: boolean;
  onResume(): void;
  onDiscard(): void;
}) {
  return (
    <section
      aria-label="Bulk action in progress"
      className="flex flex-wrap items-center gap-3 rounded-md border border-gray-300 bg-white px-4 py-3 text-sm"
    >
      {!stopped && <Spinner />}
      <span className="font-medium">
        {BULK_ACTION_LABELS[run.action]}: {formatCount(run.next)} of {formatCount(run.ids.length)}{' '}
        done{stopped ? ' — stopped' : ''}
      </span>
      <progress
        className="h-2 w-40 max-w-full"
        max={run.ids.length}
        value={run.next}
        aria-label="Progress"
      />
      {stopped && (
        <>
          <Button onClick={onResume}>Resume</Button>
          <Button variant="secondary" onClick={onDiscard}>
            Stop here
          </Button>
        </>
      )}
    </section>
  );
}

export function BulkResultPanel({ run, onClose }: { run: BulkRun; onClose(): void }) {
  const failed = run.results.filter((r) => !r.ok);
  const done = run.results.filter((r) => r.ok && r.changed !== false).length;
  const unchanged = run.results.filter((r) => r.ok && r.changed === false).length;
  return (
    <section
      aria-label="Bulk action result"
      className={`flex flex-col gap-2 rounded-md border px-4 py-3 text-sm ${failed.length ? 'border-amber-400 bg-amber-50' : 'border-green-600 bg-green-50'}`}
    >
      <div className="flex flex-wrap items-start justify-between gap-2">
        <h2 className="font-semibold">
          {BULK_ACTION_LABELS[run.action]}: {BULK_MSG.summary(run.action, done, failed.length)}
          {unchanged ? ` (${formatCount(unchanged)} already had this value)` : ''}
        </h2>
        <Button variant="secondary" onClick={onClose}>
          Close
        </Button>
      </div>
      {failed.length > 0 && (
        <ul className="max-h-64 list-disc overflow-y-auto pl-5 wrap-anywhere">
          {failed.map((r) => (
            <li key={r.id}>{r.message}</li>
          ))}
        </ul>
      )}
    </section>
  );
}
