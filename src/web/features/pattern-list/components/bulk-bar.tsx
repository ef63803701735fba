import { lazy, Suspense, useEffect, useState } from 'react';
import {
  BULK_ADMIN_ACTIONS,
  BULK_ACTION_LABELS,
  BULK_MAX,
  BULK_MSG,
  type BulkAction,
  type BulkIdsResponse,
} from '../../../../shared/contracts/bulk';
import type { PatternListQuery } from '../../../../shared/contracts/pattern-list';
import { Button } from '../../../components/button';
import { Spinner } from '../../../components/spinner';
import { formatCount } from '../../../lib/format';
import { useBulkRun, useMatchingIds } from '../api/bulk-run';
import { BulkProgress, BulkResultPanel } from './bulk-result';
import { SELECT_PAGE_LABEL } from './bulk-bar-placeholder';

const BulkDialog = lazy(() => import('./bulk-dialog').then((m) => ({ default: m.BulkDialog })));
const AddToReleaseDialog = lazy(() =>
  import('./add-to-release-dialog').then((m) => ({ default: m.AddToReleaseDialog })),
);

/** The actions offered on a selection of live patterns (Restore is the Trash's). */
const ACTIONS: BulkAction[] = ['send-to-review', 'publish', 'request-changes', 'unpublish', 'edit'];

interface BulkBarProps {
  /** The rows selected on this page. */
  selectedIds: number[];
  query: PatternListQuery;
  /** How many patterns the filters match (the list's total). */
  total: number;
  /** More than one page matches: "select all N matching" is offered. */
  morePages: boolean;
  isAdmin: boolean;
  onSelectPage(): void;
  onClearSelection(): void;
}

/**
 * Bulk actions on the selection (docs/bulk.md): select the page or all that match (at most
 * BULK_MAX), pick an action, and follow its progress and result. Each pattern gets the
 * one-pattern rules on the server; a reload resumes a run where it stood.
 */
export function BulkBar({
  selectedIds,
  query,
  total,
  morePages,
  isAdmin,
  onSelectPage,
  onClearSelection,
}: BulkBarProps) {
  const [matching, setMatching] = useState<BulkIdsResponse | null>(null);
  const [action, setAction] = useState<BulkAction | null>(null);
  const [toRelease, setToRelease] = useState(false);
  const bulk = useBulkRun();
  const findAll = useMatchingIds();
  const filterKey = JSON.stringify([
    query.search,
    query.brand,
    query.status,
    query.type,
    query.fabric,
    query.printable,
  ]);
  useEffect(() => setMatching(null), [filterKey]);

  const ids = matching?.ids ?? selectedIds;
  const actions = ACTIONS.filter((a) => isAdmin || !BULK_ADMIN_ACTIONS.includes(a));
  const clear = () => {
    setMatching(null);
    onClearSelection();
  };

  return (
    <div className="flex flex-col gap-3">
      {bulk.run && (
        <BulkProgress
          run={bulk.run}
          stopped={bulk.stopped}
          onResume={bulk.resume}
          onDiscard={bulk.discard}
        />
      )}
      {bulk.finished && <BulkResultPanel run={bulk.finished} onClose={bulk.closeResult} />}
      <section
        aria-label="Bulk actions"
        className="flex flex-wrap items-center gap-2 text-sm"
        aria-live="polite"
      >
        {ids.length === 0 ? (
          <Button variant="secondary" onClick={onSelectPage} disabled={total === 0}>
            {SELECT_PAGE_LABEL}
          </Button>
        ) : (
          // The page's selection is counted beside Delete selected; a selection beyond the page here.
          matching && (
            <span className="font-medium">
              All {formatCount(ids.length)} matching the filters selected
            </span>
          )
        )}
        {morePages && !matching && (
          <Button
            variant="secondary"
            disabled={findAll.isPending}
            onClick={() => findAll.mutate(query, { onSuccess: setMatching })}
          >
            {findAll.isPending && <Spinner />}
            {total > BULK_MAX
              ? `Select the first ${formatCount(BULK_MAX)} of ${formatCount(total)} matching`
              : `Select all ${formatCount(total)} matching the filters`}
          </Button>
        )}
        {matching?.capped && <span className="text-gray-700">{BULK_MSG.capped(BULK_MAX)}</span>}
        {ids.length > 0 && (
          <>
            {actions.map((a) => (
              <Button
                key={a}
                variant="secondary"
                disabled={bulk.running}
                onClick={() => setAction(a)}
              >
                {BULK_ACTION_LABELS[a]}
              </Button>
            ))}
            {isAdmin && (
              <Button variant="secondary" onClick={() => setToRelease(true)}>
                Add to release
              </Button>
            )}
            {matching && (
              <Button variant="secondary" onClick={clear}>
                Clear selection
              </Button>
            )}
          </>
        )}
      </section>
      {toRelease && (
        <Suspense fallback={null}>
          <AddToReleaseDialog ids={ids} onClose={() => setToRelease(false)} />
        </Suspense>
      )}
      {action && (
        <Suspense fallback={null}>
          <BulkDialog
            action={action}
            ids={ids}
            onClose={() => setAction(null)}
            onRun={(params) => {
              bulk.start(action, ids, params);
              setAction(null);
              clear();
            }}
          />
        </Suspense>
      )}
    </div>
  );
}
