import { CODE_RULES } from '../../../../shared/contracts/users';

/** What the code is and where it went: before and after it was sent. */
export function CodeHint({ sent, email }: { sent: boolean; email: string }) {
  return (
    <p className="text-xs text-gray-600" aria-live="polite">
      {sent
        ? `We sent a 6-digit code to ${email}. It is valid for ${CODE_RULES.validMinutes} minutes and can be tried ${CODE_RULES.maxTries} times.`
        : `For your security this change needs a 6-digit code, sent to your current email ${email}.`}
    </p>
  );
}
