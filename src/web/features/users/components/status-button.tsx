import { useState } from 'react';
import { Dialog, DialogPanel, DialogTitle } from '@headlessui/react';
import type { UserListItem } from '../../../../shared/contracts/users';
import { toast } from '../../../lib/toast';
import { Button } from '../../../components/button';
import { Spinner } from '../../../components/spinner';
import { useSetUserStatus } from '../api/set-user-status';

/**
 * Disable (after confirming: the person is signed out at once) or enable an account. An admin's
 * own row has no Disable: the server refuses it too.
 */
export function StatusButton({ user, isSelf }: { user: UserListItem; isSelf: boolean }) {
  const setStatus = useSetUserStatus();
  const [confirming, setConfirming] = useState(false);

  // A failure's toast comes from the mutation cache (lib/query-client.ts).
  const apply = (disabled: boolean) =>
    setStatus.mutate(
      { id: user.id, disabled },
      {
        onSuccess: () => {
          toast.success(
            disabled
              ? `${user.fullName} is disabled and signed out`
              : `${user.fullName} can sign in again`,
          );
          setConfirming(false);
        },
      },
    );

  if (isSelf) return <span className="text-xs text-gray-500">This is you</span>;
  if (user.disabled) {
    return (
      <Button
        variant="secondary"
        className="px-3 py-1.5"
        disabled={setStatus.isPending}
        onClick={() => apply(false)}
        aria-label={`Enable ${user.fullName}`}
      >
        {setStatus.isPending && <Spinner />}
        Enable
      </Button>
    );
  }
  return (
    <>
      <Button
        variant="danger"
        className="px-3 py-1.5"
        onClick={() => setConfirming(true)}
        aria-label={`Disable ${user.fullName}`}
      >
        Disable
      </Button>
      <Dialog open={confirming} onClose={() => setConfirming(false)} className="relative z-50">
        <div className="fixed inset-0 bg-black/40" aria-hidden />
        <div className="fixed inset-0 flex items-center justify-center p-4">
          <DialogPanel className="w-full max-w-md rounded-xl bg-white p-6 shadow-xl">
            <DialogTitle className="text-lg font-semibold text-ink">
              Disable {user.fullName}?
            </DialogTitle>
            <p className="mt-2 text-sm text-gray-700">
              {user.email} is signed out everywhere at once and cannot sign in until an admin
              enables the account again. Their patterns stay.
            </p>
            <div className="mt-6 flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
              <Button variant="secondary" onClick={() => setConfirming(false)}>
                Cancel
              </Button>
              <Button variant="danger" disabled={setStatus.isPending} onClick={() => apply(true)}>
                {setStatus.isPending && <Spinner />}
                Disable account
              </Button>
            </div>
          </DialogPanel>
        </div>
      </Dialog>
    </>
  );
}
