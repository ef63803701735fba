import { useEffect, useRef, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useSearchParams } from 'react-router';
import { OIDC_PATHS } from '../../../../shared/contracts/oidc';
import { useAuth } from '../../../lib/auth';
import { errorMessage, GENERIC_FAILURE } from '../../../lib/error-message';
import { Spinner } from '../../../components/spinner';
import { oidcConfigQuery, useFinishOidc } from '../api/oidc';

/**
 * "Sign in with <company>" under the password form, when the portal has company sign-in
 * (docs/sign-in.md). The button is a plain link: the server sends the browser to the provider,
 * which sends it back to /app/login?sso=1; this then collects the outcome (the session, or why
 * not: "No portal account for …") and shows a refusal above the button.
 */
export function CompanySignIn() {
  const config = useQuery(oidcConfigQuery);
  const { signIn } = useAuth();
  const finish = useFinishOidc();
  const [params, setParams] = useSearchParams();
  const [refusal, setRefusal] = useState<string | null>(null);
  const returning = params.get('sso') === '1';
  const started = useRef(false);

  useEffect(() => {
    if (!returning || started.current) return;
    started.current = true;
    finish.mutate(undefined, {
      onSuccess: signIn,
      onError: (err) => setRefusal(errorMessage(err, GENERIC_FAILURE) ?? GENERIC_FAILURE),
      onSettled: () => setParams({}, { replace: true }),
    });
  }, [returning, finish, signIn, setParams]);

  const label = config.data?.displayName;
  if (!label && !returning && !refusal) return null;
  return (
    <div className="mt-6 flex flex-col gap-4">
      {label && (
        <div className="flex items-center gap-3 text-xs text-gray-500" aria-hidden>
          <span className="h-px flex-1 bg-gray-200" />
          or
          <span className="h-px flex-1 bg-gray-200" />
        </div>
      )}
      {refusal && (
        <div
          role="alert"
          className="rounded-md border border-red-200 bg-red-50 px-3 py-2 text-sm text-red-800"
        >
          {refusal}
        </div>
      )}
      {finish.isPending ? (
        <p role="status" className="flex items-center justify-center gap-2 text-sm text-gray-700">
          <Spinner /> Signing in…
        </p>
      ) : (
        label && (
          <a
            href={OIDC_PATHS.start}
            className="inline-flex w-full items-center justify-center gap-2 rounded-md border border-gray-300 bg-white px-4 py-2.5 text-sm font-semibold text-ink shadow-sm hover:bg-gray-100 focus-visible:outline-2 focus-visible:outline-blue-700"
          >
            <svg aria-hidden viewBox="0 0 20 20" className="h-4 w-4 fill-current">
              <path d="M3 17V6l7-4 7 4v11h-5v-5H8v5z" />
            </svg>
            {label}
          </a>
        )
      )}
    </div>
  );
}
