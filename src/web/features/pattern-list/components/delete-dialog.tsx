import { Dialog, DialogBackdrop, DialogPanel, DialogTitle, Description } from '@headlessui/react';
import { Button } from '../../../components/button';
import { Spinner } from '../../../components/spinner';
import { formatCount } from '../../../lib/format';

interface DeleteDialogProps {
  /** The patterns to delete (their Pattern IDs), or null when closed. */
  codes: string[] | null;
  busy: boolean;
  onConfirm(): void;
  onClose(): void;
}

/** Names how many patterns go (and which, when few) before anything is deleted. */
export function DeleteDialog({ codes, busy, onConfirm, onClose }: DeleteDialogProps) {
  const n = codes?.length ?? 0;
  const title = n === 1 ? `Delete pattern ${codes![0]}?` : `Delete ${formatCount(n)} patterns?`;
  return (
    <Dialog
      open={codes !== null}
      onClose={busy ? () => undefined : onClose}
      className="fixed inset-0 z-50"
    >
      <DialogBackdrop className="fixed inset-0 bg-black/50" />
      <div className="fixed inset-0 flex items-end justify-center sm:items-center sm:p-4">
        <DialogPanel className="w-full rounded-t-xl bg-white shadow-xl sm:max-w-md sm:rounded-xl">
          <div className="flex flex-col gap-2 px-5 py-4">
            <DialogTitle className="text-lg font-bold text-ink">{title}</DialogTitle>
            <Description className="text-sm text-gray-800">
              {n === 1
                ? 'The pattern, its sizes and its files'
                : `These ${formatCount(n)} patterns, their sizes and their files`}{' '}
              move to the Trash, where they can be restored until it is emptied.
            </Description>
            {n > 1 && n <= 10 && (
              <p className="text-sm wrap-anywhere text-gray-700">{codes!.join(', ')}</p>
            )}
          </div>
          <div className="flex flex-col-reverse gap-2 border-t border-gray-200 px-5 py-4 sm:flex-row sm:justify-end">
            <Button variant="secondary" onClick={onClose} disabled={busy}>
              Cancel
            </Button>
            <Button variant="danger" onClick={onConfirm} disabled={busy} autoFocus>
              {busy && <Spinner />}
              {n === 1 ? 'Delete pattern' : `Delete ${formatCount(n)} patterns`}
            </Button>
          </div>
        </DialogPanel>
      </div>
    </Dialog>
  );
}
