import { useState } from 'react';
import type { Piece } from '../../../../shared/contracts/pieces';
import { toast } from '../../../lib/toast';
import { Button } from '../../../components/button';
import { Spinner } from '../../../components/spinner';
import { usePieces } from '../api/list-pieces';
import { useDeletePiece } from '../api/delete-piece';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { PieceDialog } from './piece-dialog';
import { STICKY_ACTIONS } from '../../../components/table-classes';
import { loadErrorMessage } from '../../../lib/error-message';

const th = 'px-3 py-2 text-left text-xs font-semibold uppercase tracking-wide text-gray-700';
const td = 'px-3 py-2 align-top';
const action =
  'rounded px-2 py-1 text-sm font-semibold text-blue-800 underline-offset-2 hover:underline';

/** The pieces of a size (spec section 3's piece fields): add, edit, delete. */
export function PiecesTable({ sizeId, view }: { sizeId: number; view: string }) {
  const pieces = usePieces(sizeId);
  const del = useDeletePiece(sizeId);
  const [dialog, setDialog] = useState<{ piece?: Piece } | null>(null);
  const [deleting, setDeleting] = useState<Piece>();
  const rows = pieces.data?.data ?? [];
  const onDelete = () =>
    deleting &&
    del.mutate(deleting.ID, {
      onSuccess: (res) => {
        toast.success(res.message);
        setDeleting(undefined);
      },
    });

  return (
    <section aria-labelledby="pieces-heading" className="grid gap-3">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 id="pieces-heading" className="text-xl font-bold">
          Pieces {/* No count until the pieces arrive ("(0)" while loading would be wrong). */}
          {pieces.data && (
            <span className="text-base font-normal text-gray-600">
              ({pieces.data.totalCountData})
            </span>
          )}
        </h2>
        <Button onClick={() => setDialog({})}>Add piece</Button>
      </div>
      {pieces.isLoading ? (
        <p className="flex items-center gap-2 text-sm" role="status">
          <Spinner /> Loading pieces…
        </p>
      ) : pieces.error ? (
        <p role="alert" className="rounded-md bg-red-50 p-3 text-sm text-red-800">
          {loadErrorMessage(pieces.error)}{' '}
          <button
            type="button"
            className="font-semibold underline"
            onClick={() => void pieces.refetch()}
          >
            Try again
          </button>
        </p>
      ) : rows.length === 0 ? (
        <p className="rounded-md border border-dashed border-gray-300 bg-white p-4 text-sm text-gray-700">
          No pieces yet.
        </p>
      ) : (
        <div className="relative overflow-x-auto rounded-lg border border-gray-200 bg-white shadow-sm">
          <table className="w-full min-w-[48rem] text-sm">
            <caption className="sr-only">Pieces of this size</caption>
            <thead>
              <tr className="bg-gray-50">
                {['No.', 'View', 'Description', 'Fabric', 'Cut', 'Fold', 'SVG', 'Contrast'].map(
                  (h) => (
                    <th key={h} scope="col" className={th}>
                      {h}
                    </th>
                  ),
                )}
                <th scope="col" className={`${th} ${STICKY_ACTIONS}`}>
                  <span className="sr-only">Actions</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {rows.map((p) => (
                <tr
                  key={p.ID}
                  className="border-t border-gray-200 bg-white"
                  data-testid="piece-row"
                >
                  <td className={`${td} font-semibold`}>{p.Piece_Number}</td>
                  <td className={td}>{p.pattern_view}</td>
                  <td className={`${td} max-w-64 whitespace-pre-line`}>{p.Piece_Description}</td>
                  <td className={td}>{p.Fabric_Category}</td>
                  <td className={td}>{p.Cut_Quantity}</td>
                  <td className={td}>{p.Fold}</td>
                  <td className={`${td} max-w-48 break-all`}>{p.Patterns_SVG}</td>
                  <td className={td}>{p.Contrast}</td>
                  <td className={`${td} whitespace-nowrap ${STICKY_ACTIONS}`}>
                    <button
                      type="button"
                      className={action}
                      onClick={() => setDialog({ piece: p })}
                      aria-label={`Edit piece ${p.Piece_Number}`}
                    >
                      Edit
                    </button>
                    <button
                      type="button"
                      className={`${action} text-red-800`}
                      onClick={() => setDeleting(p)}
                      aria-label={`Delete piece ${p.Piece_Number}`}
                    >
                      Delete
                    </button>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      <PieceDialog
        sizeId={sizeId}
        view={view}
        piece={dialog?.piece}
        open={dialog !== null}
        onClose={() => setDialog(null)}
      />
      <ConfirmDialog
        open={deleting !== undefined}
        title="Delete piece"
        confirmLabel="Delete"
        danger
        busy={del.isPending}
        onConfirm={onDelete}
        onClose={() => setDeleting(undefined)}
      >
        <p>Delete piece {deleting?.Piece_Number}? This cannot be undone.</p>
      </ConfirmDialog>
    </section>
  );
}
