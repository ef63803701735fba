import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import type { z } from 'zod';
import { UpdateAccountSchema, type UpdateAccount } from '../../../../shared/contracts/users';
import { ROLE_OPTIONS } from '../../../../shared/options';
import { useAuth } from '../../../lib/auth';
import { toast } from '../../../lib/toast';
import { reportFormError } from '../../../lib/form-errors';
import { useUnsavedChanges } from '../../../lib/unsaved-changes';
import { TextField } from '../../../components/text-field';
import { Button } from '../../../components/button';
import { Spinner } from '../../../components/spinner';
import { useUpdateAccount } from '../api/update-account';
import { Avatar } from './avatar';
import { ProfilePicInput } from './profile-pic-input';

/** The signed-in user's details; full name and picture change here directly, without a code. */
export function AccountProfile() {
  const { user, updateUser } = useAuth();
  const update = useUpdateAccount();
  const [pic, setPic] = useState<File | null>(null);
  const [picError, setPicError] = useState<string | null>(null);
  const [picVersion, setPicVersion] = useState(0);
  const {
    register,
    handleSubmit,
    setError,
    reset,
    formState: { errors, isDirty },
  } = useForm<z.input<typeof UpdateAccountSchema>, unknown, UpdateAccount>({
    resolver: zodResolver(UpdateAccountSchema),
    defaultValues: { fullName: user?.fullName ?? '', removeProfilePic: false },
  });
  useUnsavedChanges(isDirty || pic !== null);
  if (!user) return null;

  const onSubmit = handleSubmit(async (values) => {
    if (picError) {
      toast.warning(picError);
      return;
    }
    try {
      const res = await update.mutateAsync({ data: values, pic });
      updateUser(res.data);
      reset({ fullName: res.data.fullName, removeProfilePic: false });
      setPic(null);
      setPicVersion((v) => v + 1);
      toast.success(res.message ?? 'Saved');
    } catch (err) {
      reportFormError(err, setError, { fields: ['fullName'], other: { profile_pic: setPicError } });
    }
  });

  const details: [string, string][] = [
    ['Email', user.email],
    ['Role', ROLE_OPTIONS.find((o) => o.value === user.role)?.name ?? user.role],
    [
      'Brand',
      user.role === 'admin'
        ? `${user.brand?.name ?? 'None'} (admins see every brand)`
        : (user.brand?.name ?? 'No brand assigned'),
    ],
  ];
  const pending = update.isPending;
  return (
    <section
      aria-labelledby="profile-title"
      className="rounded-xl bg-white p-6 shadow-sm ring-1 ring-gray-200"
    >
      <div className="flex flex-col gap-5 sm:flex-row sm:items-center">
        <Avatar fullName={user.fullName} url={user.profilePicUrl} version={picVersion} />
        <div className="min-w-0">
          <h2 id="profile-title" className="text-xl font-bold wrap-anywhere text-ink">
            {user.fullName}
          </h2>
          <dl className="mt-2 grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm">
            {details.map(([k, v]) => (
              <div key={k} className="contents">
                <dt className="text-gray-600">{k}</dt>
                <dd className="min-w-0 break-all text-ink">{v}</dd>
              </div>
            ))}
          </dl>
        </div>
      </div>
      <form
        onSubmit={onSubmit}
        noValidate
        className="mt-6 flex flex-col gap-5 border-t border-gray-100 pt-6"
        aria-busy={pending || undefined}
      >
        <h3 className="text-base font-semibold text-ink">Edit profile</h3>
        <TextField
          label="Full Name"
          required
          autoComplete="name"
          error={errors.fullName?.message}
          {...register('fullName')}
        />
        <ProfilePicInput
          label="New profile picture"
          file={pic}
          onChange={setPic}
          error={picError ?? undefined}
          onError={setPicError}
          disabled={pending}
        />
        {user.profilePicUrl && !pic && (
          <label className="flex items-center gap-2 text-sm text-gray-800">
            <input type="checkbox" className="h-4 w-4" {...register('removeProfilePic')} />
            Remove my current picture
          </label>
        )}
        <div className="flex justify-end">
          <Button
            type="submit"
            disabled={pending || (!isDirty && !pic)}
            className="w-full sm:w-auto"
          >
            {pending && <Spinner />}
            {pending ? 'Saving…' : 'Save profile'}
          </Button>
        </div>
      </form>
    </section>
  );
}
