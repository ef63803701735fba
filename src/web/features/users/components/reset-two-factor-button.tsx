import { useState } from 'react';
import type { UserListItem } from '../../../../shared/contracts/users';
import { toast } from '../../../lib/toast';
import { Button } from '../../../components/button';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { useResetTwoFactor } from '../api/reset-two-factor';

/** Resets an account's two-factor (lost phone): its app, recovery codes and passkeys go, it is signed out and mailed. */
export function ResetTwoFactorButton({ user }: { user: UserListItem }) {
  const reset = useResetTwoFactor();
  const [confirming, setConfirming] = useState(false);
  return (
    <>
      <Button
        variant="secondary"
        className="px-3 py-1.5"
        onClick={() => setConfirming(true)}
        aria-label={`Reset 2FA of ${user.fullName}`}
      >
        Reset 2FA
      </Button>
      <ConfirmDialog
        open={confirming}
        title={`Reset two-factor of ${user.fullName}?`}
        confirmLabel="Reset two-factor"
        danger
        busy={reset.isPending}
        onClose={() => setConfirming(false)}
        onConfirm={() =>
          reset.mutate(user.id, {
            onSuccess: (res) => {
              setConfirming(false);
              toast.success(res.message);
            },
          })
        }
      >
        Their authenticator app, recovery codes and passkeys stop working and they are signed out
        everywhere. They sign in with their password and set two-factor up again. {user.email} is
        told by e-mail.
      </ConfirmDialog>
    </>
  );
}
