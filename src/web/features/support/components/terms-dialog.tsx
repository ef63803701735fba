import { Dialog, DialogBackdrop, DialogPanel, DialogTitle, Description } from '@headlessui/react';
import { SUPPORT_HOURS } from '../../../../shared/messages';
import { Button } from '../../../components/button';
import { useSnapShut } from '../../../components/use-snap-shut';

interface TermsDialogProps {
  open: boolean;
  onAccept(): void;
  /** Reject, Escape and a click outside all leave the terms unaccepted. */
  onReject(): void;
}

/** The 'Term & Policy' modal of the contact form (spec sections 2 and 4). */
export function TermsDialog({ open, onAccept, onReject }: TermsDialogProps) {
  const snap = useSnapShut(open);
  return (
    <Dialog
      key={snap.key}
      ref={snap.ref}
      open={open}
      onClose={onReject}
      className="fixed inset-0 z-50"
    >
      <DialogBackdrop
        transition
        className="fixed inset-0 bg-black/50 transition-opacity duration-150 data-closed:opacity-0"
      />
      <div className="fixed inset-0 flex items-end justify-center p-0 sm:items-center sm:p-4">
        <DialogPanel
          transition
          className="flex max-h-[90vh] w-full max-w-lg flex-col rounded-t-xl bg-white shadow-xl transition duration-150 data-closed:translate-y-4 data-closed:opacity-0 sm:rounded-xl"
        >
          <DialogTitle className="border-b border-gray-200 px-5 py-4 text-lg font-bold text-ink">
            Term &amp; Policy
          </DialogTitle>
          <Description
            as="div"
            className="space-y-3 overflow-y-auto px-5 py-4 text-sm text-gray-700"
          >
            <p>
              To answer your request, the publisher&apos;s support team stores the details you send
              with this form (your name, brand or company, e-mail address, country, phone number,
              subject and message) together with your portal account.
            </p>
            <p>
              The message is e-mailed to the support inbox. Replies come from the support team to
              the e-mail address you give; for urgent matters we may call the phone number you give,{' '}
              {SUPPORT_HOURS}.
            </p>
            <p>
              Support messages are used only to help you with the Partner Portal and your pattern
              submissions. They are not shared with other brands or used for marketing, and they are
              deleted when they are no longer needed to support your account.
            </p>
            <p>Please do not send passwords or payment details in a support message.</p>
          </Description>
          <div className="flex flex-col-reverse gap-2 border-t border-gray-200 px-5 py-4 sm:flex-row sm:justify-end">
            <Button variant="secondary" onClick={onReject}>
              Reject
            </Button>
            <Button onClick={onAccept} autoFocus>
              Accept
            </Button>
          </div>
        </DialogPanel>
      </div>
    </Dialog>
  );
}
