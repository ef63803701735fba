import { useState } from 'react';
import { Navigate, useLocation } from 'react-router';
import { useAuth } from '../../../lib/auth';
import { APP_TITLE, SUPPORT_HOURS, SUPPORT_PHONE } from '../../../../shared/messages';
import { LoginForm } from '../../../features/auth/components/login-form';
import { SignInCodeStep } from '../../../features/two-factor/components/sign-in-code-step';
import { PasskeySignIn } from '../../../features/two-factor/components/passkey-sign-in';
import { CompanySignIn } from '../../../features/auth/components/company-sign-in';

/**
 * Where to go after signing in: the page the guard sent the visitor from, if it is a page of the
 * portal (never another site, never login or sign-out again), else the dashboard.
 */
function destination(state: unknown): string {
  const from = (state as { from?: unknown } | null)?.from;
  if (typeof from !== 'string' || !from.startsWith('/app/') || from.startsWith('//'))
    return '/app/dashboard';
  if (/^\/app\/(login|signout)(\/|\?|$)/.test(from)) return '/app/dashboard';
  return from;
}

/** /app/login. A signed-in visitor (including one who just signed in here) is sent on at once. */
export function Component() {
  const { user, signIn } = useAuth();
  const location = useLocation();
  // Two-factor: the password step answered a challenge, the code step is shown until it is done.
  const [challenge, setChallenge] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  if (user?.mustSetUpTwoFactor) return <Navigate to="/app/two-factor-setup" replace />;
  if (user) return <Navigate to={destination(location.state)} replace />;

  return (
    <div className="mx-auto grid w-full max-w-5xl items-center gap-10 px-4 py-10 sm:px-6 sm:py-16 md:grid-cols-2 md:gap-16">
      <title>Login · Partner Portal</title>
      <div className="hidden md:block">
        <p className="text-3xl leading-tight font-extrabold text-ink">{APP_TITLE}</p>
        <p className="mt-4 text-gray-700">
          Submit your brand&apos;s sewing patterns with their sizes, PDFs and photos, check them on
          the test environment and send them to review.
        </p>
        <div aria-hidden className="mt-8 h-2 w-24 rounded-full bg-brand" />
      </div>
      <div className="w-full max-w-md justify-self-center md:justify-self-end">
        <div className="rounded-xl bg-white p-6 shadow-sm ring-1 ring-gray-200 sm:p-8">
          <h1 className="text-2xl font-bold text-ink">Sign in to your account</h1>
          <p className="mt-1 mb-6 text-sm text-gray-600">
            Use the e-mail address and password your administrator gave you.
          </p>
          {challenge ? (
            <SignInCodeStep
              challenge={challenge}
              onSignedIn={signIn}
              onRestart={(message) => {
                setNotice(message);
                setChallenge(null);
              }}
            />
          ) : (
            <div className="flex flex-col gap-5">
              <LoginForm key={notice ?? ''} notice={notice} onSecondFactor={setChallenge} />
              <PasskeySignIn onSignedIn={signIn} />
              <CompanySignIn />
            </div>
          )}
        </div>
        <p className="mt-4 text-center text-sm text-gray-600">
          Need an account or locked out? Call{' '}
          <a
            href={`tel:${SUPPORT_PHONE.replace(/[^+\d]/g, '')}`}
            className="font-medium whitespace-nowrap text-blue-800 hover:underline"
          >
            {SUPPORT_PHONE}
          </a>
          , {SUPPORT_HOURS}.
        </p>
      </div>
    </div>
  );
}
