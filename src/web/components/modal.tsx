import type { ReactNode } from 'react';
import { Dialog, DialogBackdrop, DialogPanel, DialogTitle } from '@headlessui/react';
import { useSnapShut } from './use-snap-shut';

interface ModalProps {
  open: boolean;
  title: string;
  onClose(): void;
  children: ReactNode;
  /** Buttons, right-aligned (stacked on phones, main action on top). */
  footer?: ReactNode;
  size?: 'md' | 'lg' | 'xl';
}

const widths = { md: 'sm:max-w-lg', lg: 'sm:max-w-2xl', xl: 'sm:max-w-5xl' };

/** Dialog shell of this screen: focus trapped, Escape and a click outside close it, a sheet on phones. */
export function Modal({ open, title, onClose, children, footer, size = 'md' }: ModalProps) {
  const snap = useSnapShut(open);
  return (
    <Dialog
      key={snap.key}
      ref={snap.ref}
      open={open}
      onClose={onClose}
      className="fixed inset-0 z-50"
    >
      <DialogBackdrop
        transition
        className="fixed inset-0 bg-black/50 transition-opacity duration-150 data-closed:opacity-0"
      />
      <div className="fixed inset-0 flex items-end justify-center sm:items-center sm:p-4">
        <DialogPanel
          transition
          className={`flex max-h-[92vh] w-full flex-col rounded-t-xl bg-white shadow-xl transition duration-150 data-closed:translate-y-4 data-closed:opacity-0 sm:rounded-xl ${widths[size]}`}
        >
          <div className="flex items-start justify-between gap-4 border-b border-gray-200 px-5 py-4">
            <DialogTitle className="text-lg font-bold text-ink">{title}</DialogTitle>
            <button
              type="button"
              onClick={onClose}
              className="-m-1 rounded p-1 text-gray-600 hover:bg-gray-100"
              aria-label="Close"
            >
              <svg aria-hidden viewBox="0 0 20 20" className="h-5 w-5 fill-current">
                <path d="M5.3 4.3 10 9l4.7-4.7 1 1L11 10l4.7 4.7-1 1L10 11l-4.7 4.7-1-1L9 10 4.3 5.3z" />
              </svg>
            </button>
          </div>
          <div className="overflow-y-auto px-5 py-4 text-sm text-gray-800">{children}</div>
          {footer && (
            <div className="flex flex-col-reverse gap-2 border-t border-gray-200 px-5 py-4 sm:flex-row sm:justify-end">
              {footer}
            </div>
          )}
        </DialogPanel>
      </div>
    </Dialog>
  );
}
