import { useState, type ReactNode } from 'react';
import { LIMITS } from '../../../../shared/limits';
import { MSG } from '../../../../shared/messages';
import type { Size } from '../../../../shared/contracts/sizes';
import { SIZE_MSG } from '../../../../shared/contracts/sizes-paths';
import type { PatternFile } from '../../../../shared/contracts/files';
import { toast } from '../../../lib/toast';
import { Button } from '../../../components/button';
import { Spinner } from '../../../components/spinner';
import { useSizes } from '../api/list-sizes';
import { useDeleteSize } from '../api/delete-size';
import { useBulkDeleteSizes } from '../api/bulk-delete-sizes';
import { AddSizeDialog } from './add-size-dialog';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { SizeRow } from './size-row';
import { loadErrorMessage } from '../../../lib/error-message';
import { STICKY_ACTIONS, STICKY_SIZE, STICKY_VIEW } from '../../../components/table-classes';

const th = 'px-3 py-2 text-left text-xs font-semibold uppercase tracking-wide text-gray-700';

/** The pattern's sizes: add (dialog), edit a row in place, delete one, select and delete several; never the last one. */
export function SizesTable({
  patternId,
  annotation,
  sizeNote,
  pdfThumb,
}: {
  patternId: number;
  /** Above the table (notes on sizes the pattern no longer has). */
  annotation?: ReactNode;
  /** Right under a size's row (a reviewer's notes on that size or its PDF); null for none. */
  sizeNote?(size: Size): ReactNode;
  /** Beside a size's PDF: its first page (composed by the route, from the pattern-detail feature). */
  pdfThumb?(pdf: PatternFile): ReactNode;
}) {
  const sizes = useSizes(patternId);
  const del = useDeleteSize(patternId);
  const bulk = useBulkDeleteSizes(patternId);
  const [adding, setAdding] = useState(false);
  const [editing, setEditing] = useState<number>();
  const [selected, setSelected] = useState<Set<number>>(new Set());
  const [confirm, setConfirm] = useState<{ ids: number[]; label: string }>();

  const rows = sizes.data?.data ?? [];
  const total = sizes.data?.totalCountData ?? 0;
  const chosen = rows.filter((r) => selected.has(r.ID)).map((r) => r.ID);
  const allChosen = rows.length > 0 && chosen.length === rows.length;
  const toggle = (id: number, on: boolean) =>
    setSelected((prev) => {
      const next = new Set(prev);
      if (on) next.add(id);
      else next.delete(id);
      return next;
    });
  const askDelete = (s: Size) =>
    setConfirm({ ids: [s.ID], label: `size ${s.Size} (view ${s.pattern_view})` });
  const onConfirm = () => {
    if (!confirm) return;
    const done = {
      onSuccess: (res: { message: string }) => {
        toast.success(res.message || MSG.sizeDeleted);
        setSelected(new Set());
        setConfirm(undefined);
      },
    };
    const [only] = confirm.ids;
    if (confirm.ids.length === 1 && only !== undefined) del.mutate(only, done);
    else bulk.mutate(confirm.ids, done);
  };
  const leavesNone = confirm !== undefined && confirm.ids.length >= total;

  return (
    <section aria-labelledby="sizes-heading" className="grid gap-3">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 id="sizes-heading" className="text-xl font-bold">
          Sizes{' '}
          {/* No count until the sizes arrive: "(0)" while loading reads as "this pattern has no sizes". */}
          {sizes.data && (
            <span className="text-base font-normal text-gray-600" data-testid="sizes-count">
              ({total})
            </span>
          )}
        </h2>
        <div className="flex flex-wrap gap-2">
          {chosen.length > 0 && (
            <Button
              variant="danger"
              onClick={() => setConfirm({ ids: chosen, label: `${chosen.length} sizes` })}
            >
              Delete selected ({chosen.length})
            </Button>
          )}
          <Button onClick={() => setAdding(true)} disabled={total >= LIMITS.sizesMax}>
            Add Size
          </Button>
        </div>
      </div>
      {annotation}
      {sizes.isLoading ? (
        <p className="flex items-center gap-2 text-sm text-gray-700" role="status">
          <Spinner /> Loading sizes…
        </p>
      ) : sizes.error ? (
        <p role="alert" className="rounded-md bg-red-50 p-3 text-sm text-red-800">
          {loadErrorMessage(sizes.error)}{' '}
          <button
            type="button"
            className="font-semibold underline"
            onClick={() => void sizes.refetch()}
          >
            Try again
          </button>
        </p>
      ) : rows.length === 0 ? (
        <p className="rounded-md border border-dashed border-gray-300 bg-white p-4 text-sm text-gray-700">
          No sizes yet. A pattern needs at least one size with its PDF.
        </p>
      ) : (
        // On a phone the pinned columns cover the scrolled ones' edges: the scroll padding keeps a
        // control reached with Tab out from under them (View and Size 10rem, the actions 6rem).
        <div className="relative overflow-x-auto rounded-lg border border-gray-200 bg-white shadow-sm max-md:scroll-pl-40 max-md:scroll-pr-24">
          <table className="w-full min-w-[44rem] text-sm">
            <caption className="sr-only">Sizes of this pattern</caption>
            <thead>
              <tr className="bg-gray-50">
                <th className={th} scope="col">
                  <input
                    type="checkbox"
                    className="h-4 w-4"
                    checked={allChosen}
                    onChange={(e) =>
                      setSelected(e.target.checked ? new Set(rows.map((r) => r.ID)) : new Set())
                    }
                    aria-label="Select all sizes"
                  />
                </th>
                <th className={`${th} ${STICKY_VIEW}`} scope="col">
                  {/* "Pattern View" does not fit the pinned 5rem column of a phone. */}
                  <span className="max-md:hidden">Pattern View</span>
                  <span className="md:hidden">View</span>
                </th>
                <th className={`${th} ${STICKY_SIZE}`} scope="col">
                  Size
                </th>
                <th className={th} scope="col">
                  VariationID
                </th>
                <th className={th} scope="col">
                  PDF
                </th>
                <th className={`${th} text-right`} scope="col">
                  Pieces
                </th>
                <th className={`${th} ${STICKY_ACTIONS}`} scope="col">
                  <span className="sr-only">Actions</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {rows.map((s) => (
                <SizeRow
                  key={s.ID}
                  size={s}
                  patternId={patternId}
                  selected={selected.has(s.ID)}
                  onSelect={(on) => toggle(s.ID, on)}
                  editing={editing === s.ID}
                  onEdit={(on) => setEditing(on ? s.ID : undefined)}
                  onDelete={() => askDelete(s)}
                  note={sizeNote?.(s)}
                  pdfThumb={s.pdf && pdfThumb?.(s.pdf)}
                />
              ))}
            </tbody>
          </table>
        </div>
      )}
      <AddSizeDialog patternId={patternId} open={adding} onClose={() => setAdding(false)} />
      <ConfirmDialog
        open={confirm !== undefined}
        title={confirm && confirm.ids.length > 1 ? 'Delete sizes' : 'Delete size'}
        confirmLabel="Delete"
        danger
        busy={del.isPending || bulk.isPending}
        disabled={leavesNone}
        onConfirm={onConfirm}
        onClose={() => setConfirm(undefined)}
      >
        {leavesNone ? (
          <p>{SIZE_MSG.lastSize}.</p>
        ) : (
          <p>Delete {confirm?.label} with its PDF and pieces? This cannot be undone.</p>
        )}
      </ConfirmDialog>
    </section>
  );
}
