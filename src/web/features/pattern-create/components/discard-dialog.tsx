import { Description, Dialog, DialogBackdrop, DialogPanel, DialogTitle } from '@headlessui/react';
import { Button } from '../../../components/button';

interface DiscardDialogProps {
  open: boolean;
  onDiscard(): void;
  onKeep(): void;
}

/** Asked on Cancel when something was typed or chosen: nothing is lost by accident. */
export function DiscardDialog({ open, onDiscard, onKeep }: DiscardDialogProps) {
  return (
    <Dialog open={open} onClose={onKeep} className="fixed inset-0 z-50">
      <DialogBackdrop className="fixed inset-0 bg-black/50" />
      <div className="fixed inset-0 flex items-end justify-center sm:items-center sm:p-4">
        <DialogPanel className="w-full max-w-md rounded-t-xl bg-white p-5 shadow-xl sm:rounded-xl">
          <DialogTitle className="text-lg font-bold text-ink">Discard this pattern?</DialogTitle>
          <Description className="mt-2 text-sm text-gray-700">
            What you typed and the files you chose will not be saved.
          </Description>
          <div className="mt-5 flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
            <Button variant="secondary" onClick={onKeep} autoFocus>
              Keep editing
            </Button>
            <Button variant="danger" onClick={onDiscard}>
              Discard
            </Button>
          </div>
        </DialogPanel>
      </div>
    </Dialog>
  );
}
