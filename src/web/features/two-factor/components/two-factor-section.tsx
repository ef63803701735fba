import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import type { z } from 'zod';
import {
  ConfirmTwoFactorSchema,
  DisableTwoFactorSchema,
  type ConfirmTwoFactor,
  type DisableTwoFactor,
  type TwoFactorSetup,
} from '../../../../shared/contracts/two-factor';
import { useAuth } from '../../../lib/auth';
import { toast } from '../../../lib/toast';
import { reportFormError } from '../../../lib/form-errors';
import { TextField } from '../../../components/text-field';
import { PasswordInput } from '../../../components/password-input';
import { Button } from '../../../components/button';
import { Spinner } from '../../../components/spinner';
import { QueryFailed, QueryLoading } from '../../../components/query-states';
import {
  useConfirmSetup,
  useDisableTwoFactor,
  useStartSetup,
  useTwoFactorStatus,
} from '../api/two-factor';

const box = 'flex flex-col gap-4 rounded-xl bg-white p-6 shadow-sm ring-1 ring-gray-200';

/** My Account → "Two-factor authentication": set up with an authenticator app, see it on, turn it off. */
export function TwoFactorSection() {
  const status = useTwoFactorStatus();
  const { refreshUser } = useAuth();
  const [setup, setSetup] = useState<TwoFactorSetup | null>(null);
  const [codes, setCodes] = useState<string[] | null>(null);

  let body;
  // The session learns that two-factor is on only once the codes are put away: under
  // REQUIRE_ADMIN_2FA that releases the admin from the set-up screen, which would hide them.
  if (codes)
    body = (
      <RecoveryCodesView
        codes={codes}
        onDone={() => {
          setCodes(null);
          void refreshUser();
        }}
      />
    );
  else if (status.isPending) body = <QueryLoading>Loading two-factor settings…</QueryLoading>;
  else if (status.isError)
    body = <QueryFailed error={status.error} onRetry={() => void status.refetch()} />;
  else if (status.data.enabled) body = <TwoFactorOn codesLeft={status.data.recoveryCodesLeft} />;
  else if (setup)
    body = (
      <SetupSteps
        setup={setup}
        onCancel={() => setSetup(null)}
        onConfirmed={(c) => {
          setSetup(null);
          setCodes(c);
        }}
      />
    );
  else body = <TwoFactorOff required={status.data.required} onStarted={setSetup} />;

  return (
    <section aria-labelledby="two-factor-title" className={box}>
      <h2 id="two-factor-title" className="text-lg font-semibold text-ink">
        Two-factor authentication
      </h2>
      {body}
    </section>
  );
}

function TwoFactorOff({
  required,
  onStarted,
}: {
  required: boolean;
  onStarted(setup: TwoFactorSetup): void;
}) {
  const start = useStartSetup();
  return (
    <>
      <p className="text-sm text-gray-700">
        Protect your account with a code from an authenticator app (such as Google Authenticator,
        Microsoft Authenticator or 1Password) on top of your password.
        {required && ' Your portal requires it for administrators.'}
      </p>
      <div>
        <Button
          onClick={() => start.mutate(undefined, { onSuccess: onStarted })}
          disabled={start.isPending}
        >
          {start.isPending && <Spinner />}
          Set up two-factor authentication
        </Button>
      </div>
    </>
  );
}

function SetupSteps({
  setup,
  onCancel,
  onConfirmed,
}: {
  setup: TwoFactorSetup;
  onCancel(): void;
  onConfirmed(codes: string[]): void;
}) {
  const confirm = useConfirmSetup();
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors },
  } = useForm<z.input<typeof ConfirmTwoFactorSchema>, unknown, ConfirmTwoFactor>({
    resolver: zodResolver(ConfirmTwoFactorSchema),
    defaultValues: { code: '' },
  });
  const onSubmit = handleSubmit(async (values) => {
    try {
      const res = await confirm.mutateAsync(values);
      toast.success(res.message);
      onConfirmed(res.recoveryCodes);
    } catch (err) {
      reportFormError(err, setError, { fields: ['code'] });
    }
  });
  const groups = setup.secret.match(/.{1,4}/g)?.join(' ') ?? setup.secret;
  return (
    <form onSubmit={onSubmit} noValidate className="flex flex-col gap-4">
      <ol className="flex list-decimal flex-col gap-3 pl-5 text-sm text-gray-800">
        <li>Scan this QR code with your authenticator app.</li>
      </ol>
      <img
        src={setup.qrCode}
        alt="QR code to add Partner Portal to your authenticator app"
        width={176}
        height={176}
        className="self-center rounded-md ring-1 ring-gray-200 sm:self-start"
      />
      <p className="text-sm text-gray-700">
        Cannot scan it? Enter this key in the app instead:{' '}
        <code
          data-testid="two-factor-key"
          className="rounded bg-gray-100 px-1.5 py-0.5 font-mono text-sm break-all text-ink"
        >
          {groups}
        </code>
      </p>
      <ol start={2} className="list-decimal pl-5 text-sm text-gray-800">
        <li>Enter the 6-digit code the app shows.</li>
      </ol>
      <TextField
        label="Code from the app"
        inputMode="numeric"
        autoComplete="one-time-code"
        maxLength={6}
        required
        error={errors.code?.message}
        {...register('code')}
      />
      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <Button variant="secondary" onClick={onCancel}>
          Cancel
        </Button>
        <Button type="submit" disabled={confirm.isPending}>
          {confirm.isPending && <Spinner />}
          Turn on
        </Button>
      </div>
    </form>
  );
}

function RecoveryCodesView({ codes, onDone }: { codes: string[]; onDone(): void }) {
  const text = codes.join('\n');
  const download = () => {
    const url = URL.createObjectURL(new Blob([`${text}\n`], { type: 'text/plain' }));
    const a = document.createElement('a');
    a.href = url;
    a.download = 'partner-portal-recovery-codes.txt';
    a.click();
    URL.revokeObjectURL(url);
  };
  return (
    <div className="flex flex-col gap-4">
      <p role="status" className="text-sm text-gray-800">
        Two-factor authentication is on. Save these recovery codes somewhere safe: each signs you in
        once if you lose your phone. <strong>They are shown only now.</strong>
      </p>
      <ul
        aria-label="Recovery codes"
        className="grid grid-cols-2 gap-2 rounded-md bg-gray-50 p-4 font-mono text-sm text-ink ring-1 ring-gray-200"
      >
        {codes.map((c) => (
          <li key={c}>{c}</li>
        ))}
      </ul>
      <div className="flex flex-col gap-2 sm:flex-row sm:justify-end">
        <Button
          variant="secondary"
          onClick={() => {
            void navigator.clipboard
              ?.writeText(text)
              .then(() => toast.success('Recovery codes copied'))
              .catch(() => toast.error('Could not copy. Select the codes and copy them by hand.'));
          }}
        >
          Copy
        </Button>
        <Button variant="secondary" onClick={download}>
          Download
        </Button>
        <Button onClick={onDone}>I have saved them</Button>
      </div>
    </div>
  );
}

function TwoFactorOn({ codesLeft }: { codesLeft: number }) {
  const disable = useDisableTwoFactor();
  const [open, setOpen] = useState(false);
  const [byPassword, setByPassword] = useState(false);
  const {
    register,
    handleSubmit,
    setError,
    reset,
    formState: { errors },
  } = useForm<z.input<typeof DisableTwoFactorSchema>, unknown, DisableTwoFactor>({
    resolver: zodResolver(DisableTwoFactorSchema),
    defaultValues: {},
  });
  const onSubmit = handleSubmit(async (values) => {
    try {
      const res = await disable.mutateAsync(
        byPassword ? { password: values.password } : { code: values.code },
      );
      toast.success(res.message);
    } catch (err) {
      reportFormError(err, setError, { fields: ['code', 'password'] });
    }
  });
  return (
    <>
      <p className="flex items-center gap-2 text-sm text-gray-800">
        <span className="inline-flex rounded-full bg-green-100 px-2 py-0.5 text-xs font-semibold text-green-900">
          On
        </span>
        Sign-in asks for a code from your authenticator app. {codesLeft} recovery code
        {codesLeft === 1 ? '' : 's'} left.
      </p>
      {open ? (
        <form onSubmit={onSubmit} noValidate className="flex flex-col gap-4">
          {byPassword ? (
            <PasswordInput
              label="Your password"
              autoComplete="current-password"
              error={errors.password?.message}
              {...register('password')}
            />
          ) : (
            <TextField
              label="Code from the app"
              inputMode="numeric"
              autoComplete="one-time-code"
              maxLength={40}
              error={errors.code?.message}
              {...register('code')}
            />
          )}
          <button
            type="button"
            className="self-start text-sm font-medium text-blue-800 underline-offset-2 hover:underline"
            onClick={() => {
              setByPassword((b) => !b);
              reset({});
            }}
          >
            {byPassword ? 'Use a code instead' : 'Use my password instead'}
          </button>
          <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
            <Button variant="secondary" onClick={() => setOpen(false)}>
              Cancel
            </Button>
            <Button type="submit" variant="danger" disabled={disable.isPending}>
              {disable.isPending && <Spinner />}
              Turn off two-factor
            </Button>
          </div>
        </form>
      ) : (
        <div>
          <Button variant="secondary" onClick={() => setOpen(true)}>
            Turn off…
          </Button>
        </div>
      )}
    </>
  );
}
