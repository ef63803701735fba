import { MSG } from '../../../../shared/messages';
import { toast, toastError } from '../../../lib/toast';
import { Button } from '../../../components/button';
import { Spinner } from '../../../components/spinner';
import { useSendCode } from '../api/send-code';

/** E-mails a one-time code to the current address; the server's answer shows as an info toast (spec section 8). */
export function SendCodeButton({ sent, onSent }: { sent: boolean; onSent(): void }) {
  const send = useSendCode();
  const onClick = async () => {
    try {
      const res = await send.mutateAsync();
      toast.info(res?.message ?? MSG.otpSent);
      onSent();
    } catch (err) {
      toastError(err);
    }
  };
  return (
    <Button variant="secondary" onClick={() => void onClick()} disabled={send.isPending} className="w-full sm:w-auto">
      {send.isPending && <Spinner />}
      {sent ? 'Send a new code' : 'Send code'}
    </Button>
  );
}
