import { useState } from 'react';
import { browserSupportsWebAuthn } from '@simplewebauthn/browser';
import type { LoginResponse } from '../../../../shared/contracts/auth';
import { errorMessage } from '../../../lib/error-message';
import { Button } from '../../../components/button';
import { Spinner } from '../../../components/spinner';
import { signInWithPasskey } from '../api/two-factor';

const CANCELLED = 'The passkey sign-in was cancelled or timed out. Try again.';

/** "Sign in with a passkey": no e-mail or password; the passkey (with its PIN or biometrics) is both factors. */
export function PasskeySignIn({ onSignedIn }: { onSignedIn(user: LoginResponse): void }) {
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<string | null>(null);
  if (!browserSupportsWebAuthn()) return null;

  const start = async () => {
    setPending(true);
    setError(null);
    try {
      onSignedIn(await signInWithPasskey());
    } catch (err) {
      // The browser's own refusal (cancelled, no passkey chosen) is a DOMException, not the server's.
      const name = (err as { name?: string } | null)?.name;
      setError(
        name === 'NotAllowedError' || name === 'AbortError'
          ? CANCELLED
          : (errorMessage(err, 'The passkey could not be checked. Try again.') ?? null),
      );
    } finally {
      setPending(false);
    }
  };

  return (
    <div className="flex flex-col gap-3">
      <div className="flex items-center gap-3 text-xs text-gray-600" aria-hidden>
        <span className="h-px flex-1 bg-gray-200" /> or <span className="h-px flex-1 bg-gray-200" />
      </div>
      {error && (
        <p role="alert" className="text-sm text-red-700">
          {error}
        </p>
      )}
      <Button
        variant="secondary"
        className="w-full py-2.5"
        disabled={pending}
        aria-busy={pending || undefined}
        onClick={() => void start()}
      >
        {pending ? (
          <Spinner />
        ) : (
          <svg aria-hidden viewBox="0 0 24 24" className="h-4 w-4 fill-current">
            <path d="M9 2a5 5 0 0 0-1 9.9V22l3-2 3 2v-3l-1.5-1.5L14 16l-1.5-1.5L14 13v-1.1A5 5 0 0 0 9 2zm0 2a1.5 1.5 0 1 1 0 3 1.5 1.5 0 0 1 0-3z" />
          </svg>
        )}
        Sign in with a passkey
      </Button>
    </div>
  );
}
