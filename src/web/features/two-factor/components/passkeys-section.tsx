import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import type { z } from 'zod';
import { browserSupportsWebAuthn } from '@simplewebauthn/browser';
import {
  RenamePasskeySchema,
  type Passkey,
  type RenamePasskey,
} from '../../../../shared/contracts/two-factor';
import { useAuth } from '../../../lib/auth';
import { toast } from '../../../lib/toast';
import { reportFormError } from '../../../lib/form-errors';
import { TextField } from '../../../components/text-field';
import { Button } from '../../../components/button';
import { Spinner } from '../../../components/spinner';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { DateTime } from '../../../components/date-time';
import { QueryFailed, QueryLoading } from '../../../components/query-states';
import { useAddPasskey, usePasskeys, useRemovePasskey, useRenamePasskey } from '../api/two-factor';

const box = 'flex flex-col gap-4 rounded-xl bg-white p-6 shadow-sm ring-1 ring-gray-200';
const CANCELLED = 'The passkey was not created (cancelled or timed out). Try again.';

/** My Account → Passkeys: add (named), rename and remove. A passkey signs in without a password. */
export function PasskeysSection() {
  const list = usePasskeys();
  const supported = browserSupportsWebAuthn();

  return (
    <section aria-labelledby="passkeys-title" className={box}>
      <h2 id="passkeys-title" className="text-lg font-semibold text-ink">
        Passkeys
      </h2>
      <p className="text-sm text-gray-700">
        A passkey signs you in with your device&apos;s screen lock, fingerprint or face instead of
        your password and code.
      </p>
      {list.isPending ? (
        <QueryLoading>Loading passkeys…</QueryLoading>
      ) : list.isError ? (
        <QueryFailed error={list.error} onRetry={() => void list.refetch()} />
      ) : list.data.data.length === 0 ? (
        <p className="text-sm text-gray-600">No passkeys yet.</p>
      ) : (
        <ul aria-label="Your passkeys" className="divide-y divide-gray-200">
          {list.data.data.map((p) => (
            <PasskeyRow key={p.id} passkey={p} />
          ))}
        </ul>
      )}
      {supported ? (
        <AddPasskeyForm />
      ) : (
        <p className="text-sm text-gray-600">This browser cannot create passkeys.</p>
      )}
    </section>
  );
}

function AddPasskeyForm() {
  const add = useAddPasskey();
  const { refreshUser } = useAuth();
  const [failed, setFailed] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    setError,
    reset,
    formState: { errors },
  } = useForm<z.input<typeof RenamePasskeySchema>, unknown, RenamePasskey>({
    resolver: zodResolver(RenamePasskeySchema),
    defaultValues: { name: '' },
  });
  const onSubmit = handleSubmit(async ({ name }) => {
    setFailed(null);
    try {
      await add.mutateAsync(name);
      reset();
      toast.success('Passkey added');
      await refreshUser();
    } catch (err) {
      const kind = (err as { name?: string } | null)?.name;
      if (kind === 'NotAllowedError' || kind === 'AbortError' || kind === 'InvalidStateError')
        setFailed(
          kind === 'InvalidStateError'
            ? 'This device already has a passkey for your account.'
            : CANCELLED,
        );
      else reportFormError(err, setError, { fields: ['name'] });
    }
  });
  return (
    <form
      onSubmit={onSubmit}
      noValidate
      className="flex flex-col gap-3 sm:flex-row sm:items-start"
      aria-label="Add a passkey"
    >
      <div className="flex-1">
        <TextField
          label="Passkey name"
          placeholder="e.g. Work laptop"
          maxLength={60}
          error={errors.name?.message ?? failed ?? undefined}
          {...register('name')}
        />
      </div>
      <Button type="submit" disabled={add.isPending} className="sm:mt-6">
        {add.isPending && <Spinner />}
        Add a passkey
      </Button>
    </form>
  );
}

function PasskeyRow({ passkey }: { passkey: Passkey }) {
  const [editing, setEditing] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const remove = useRemovePasskey();
  const { refreshUser } = useAuth();
  return (
    <li className="flex flex-col gap-2 py-3 sm:flex-row sm:items-center sm:justify-between">
      {editing ? (
        <RenameForm passkey={passkey} onDone={() => setEditing(false)} />
      ) : (
        <>
          <div className="min-w-0">
            <p className="font-medium wrap-anywhere text-ink">{passkey.name}</p>
            <p className="text-xs text-gray-600">
              Added <DateTime iso={passkey.createdAt} dateOnly />
              {' · '}
              {passkey.lastUsedAt ? (
                <>
                  last used <DateTime iso={passkey.lastUsedAt} relative />
                </>
              ) : (
                'not used yet'
              )}
            </p>
          </div>
          <div className="flex gap-2">
            <Button variant="secondary" onClick={() => setEditing(true)}>
              Rename<span className="sr-only"> {passkey.name}</span>
            </Button>
            <Button variant="secondary" onClick={() => setConfirming(true)}>
              Remove<span className="sr-only"> {passkey.name}</span>
            </Button>
          </div>
        </>
      )}
      <ConfirmDialog
        open={confirming}
        title="Remove this passkey?"
        confirmLabel="Remove"
        danger
        busy={remove.isPending}
        onClose={() => setConfirming(false)}
        onConfirm={() =>
          remove.mutate(passkey.id, {
            onSuccess: (res) => {
              setConfirming(false);
              toast.success(res.message);
              void refreshUser();
            },
          })
        }
      >
        “{passkey.name}” will no longer sign you in. Remove it from the device too, in its settings.
      </ConfirmDialog>
    </li>
  );
}

function RenameForm({ passkey, onDone }: { passkey: Passkey; onDone(): void }) {
  const rename = useRenamePasskey();
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors },
  } = useForm<z.input<typeof RenamePasskeySchema>, unknown, RenamePasskey>({
    resolver: zodResolver(RenamePasskeySchema),
    defaultValues: { name: passkey.name },
  });
  const onSubmit = handleSubmit(async ({ name }) => {
    try {
      await rename.mutateAsync({ id: passkey.id, name });
      onDone();
    } catch (err) {
      reportFormError(err, setError, { fields: ['name'] });
    }
  });
  return (
    <form
      onSubmit={onSubmit}
      noValidate
      className="flex w-full flex-col gap-2 sm:flex-row sm:items-start"
    >
      <div className="flex-1">
        <TextField
          label="New name"
          autoFocus
          maxLength={60}
          error={errors.name?.message}
          {...register('name')}
        />
      </div>
      <div className="flex gap-2 sm:mt-6">
        <Button variant="secondary" onClick={onDone}>
          Cancel
        </Button>
        <Button type="submit" disabled={rename.isPending}>
          Save
        </Button>
      </div>
    </form>
  );
}
