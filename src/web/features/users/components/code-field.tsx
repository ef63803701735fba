import type { UseFormRegisterReturn } from 'react-hook-form';
import { MSG } from '../../../../shared/messages';
import { CODE_RULES } from '../../../../shared/contracts/users';
import { toast } from '../../../lib/toast';
import { Button } from '../../../components/button';
import { Spinner } from '../../../components/spinner';
import { TextField } from '../../../components/text-field';
import { useSendCode } from '../api/send-code';

interface CodeFieldProps {
  label: string;
  error?: string;
  registration: UseFormRegisterReturn;
  /** Where the code goes: the current address, or the new one of an e-mail change. */
  email: string;
  sent: boolean;
  onSent(): void;
  /** For an e-mail change: answers the new address once it is valid (else marks the field and answers undefined). */
  sendTo?: () => Promise<string | undefined>;
}

/**
 * The one-time code of an e-mail or password change: the 6-digit input, the button that e-mails a
 * code to the current address (the server's answer shows as an info toast, spec section 8), and
 * what the code is and where it went.
 */
export function CodeField({
  label,
  error,
  registration,
  email,
  sent,
  onSent,
  sendTo,
}: CodeFieldProps) {
  const send = useSendCode();
  // A failure's toast comes from the mutation cache (lib/query-client.ts).
  const onSend = async () => {
    const to = sendTo ? await sendTo() : undefined;
    if (sendTo && !to) return;
    send.mutate(to, {
      onSuccess: (res) => {
        toast.info(res?.message ?? MSG.otpSent);
        onSent();
      },
    });
  };
  return (
    <div className="flex flex-col gap-2">
      <div className="flex flex-col gap-3 sm:flex-row sm:items-start">
        <div className="flex-1">
          <TextField
            label={label}
            inputMode="numeric"
            autoComplete="one-time-code"
            maxLength={6}
            required
            error={error}
            {...registration}
          />
        </div>
        <div className="sm:pt-6">
          <Button
            variant="secondary"
            onClick={onSend}
            disabled={send.isPending}
            className="w-full sm:w-auto"
          >
            {send.isPending && <Spinner />}
            {sent ? 'Send a new code' : 'Send code'}
          </Button>
        </div>
      </div>
      <p className="text-xs text-gray-600" aria-live="polite">
        {sent
          ? `We sent a 6-digit code to ${email}. It is valid for ${CODE_RULES.validMinutes} minutes and can be tried ${CODE_RULES.maxTries} times.`
          : sendTo
            ? 'For your security this change needs a 6-digit code, sent to the new email.'
            : `For your security this change needs a 6-digit code, sent to your current email ${email}.`}
      </p>
    </div>
  );
}
