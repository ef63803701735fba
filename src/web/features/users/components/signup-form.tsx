import { useState } from 'react';
import { Controller, useForm, type FieldErrors, type Resolver } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { SignupSchema, type Signup } from '../../../../shared/contracts/users';
import type { SessionUser } from '../../../../shared/contracts/auth';
import { ROLE_OPTIONS, type Option } from '../../../../shared/options';
import { toast } from '../../../lib/toast';
import { reportFormError } from '../../../lib/form-errors';
import { useUnsavedChanges } from '../../../lib/unsaved-changes';
import { TextField } from '../../../components/text-field';
import { PasswordInput } from '../../../components/password-input';
import { Dropdown } from '../../../components/dropdown';
import { Button } from '../../../components/button';
import { Spinner } from '../../../components/spinner';
import { LoadingOverlay } from '../../../components/loading-overlay';
import { useSignup } from '../api/signup';
import { ProfilePicInput } from './profile-pic-input';

type FormInput = {
  fullName: string;
  email: string;
  brand: string | null;
  role: string | null;
  password: string;
  repeatPassword: string;
};
const EMPTY: FormInput = {
  fullName: '',
  email: '',
  brand: null,
  role: null,
  password: '',
  repeatPassword: '',
};
const FIELDS = ['fullName', 'email', 'brand', 'role', 'password', 'repeatPassword'] as const;

interface Props {
  brandOptions: Option[];
  brandsLoading: boolean;
  onCreated(user: SessionUser, password: string): void;
}

/**
 * Create Account (admins). The server's own schema checks the form, so its messages show under
 * the fields; the first problem is also raised as the spec's warning toast ('Not Valid Email',
 * 'Please Choose Brand', …). While sending, the form dims under the loading overlay.
 */
export function SignupForm({ brandOptions, brandsLoading, onCreated }: Props) {
  const signup = useSignup();
  const [pic, setPic] = useState<File | null>(null);
  const [picError, setPicError] = useState<string | null>(null);
  const {
    register,
    control,
    handleSubmit,
    setError,
    setValue,
    watch,
    formState: { errors, isDirty },
  } = useForm<FormInput, unknown, Signup>({
    resolver: zodResolver(SignupSchema) as unknown as Resolver<FormInput, unknown, Signup>,
    defaultValues: EMPTY,
  });
  useUnsavedChanges(isDirty || pic !== null);
  // An admin works across brands and needs none: choosing Admin hides Brand and clears it.
  const isAdminRole = watch('role') === 'admin';

  const warnFirst = (errs: FieldErrors<FormInput>) => {
    const first = FIELDS.find((f) => errs[f]?.message);
    if (first) toast.warning(errs[first]!.message!);
    else if (picError) toast.warning(picError);
  };

  const onSubmit = handleSubmit(async (values) => {
    if (picError) {
      toast.warning(picError);
      return;
    }
    try {
      const user = await signup.mutateAsync({ data: values, pic });
      toast.success(`Account created for ${user.fullName}`);
      onCreated(user, values.password);
    } catch (err) {
      reportFormError(err, setError, { fields: FIELDS, other: { profile_pic: setPicError } });
    }
  }, warnFirst);

  const pending = signup.isPending;
  return (
    <form
      onSubmit={onSubmit}
      noValidate
      aria-busy={pending || undefined}
      className={`flex flex-col gap-5 transition-opacity ${pending ? 'pointer-events-none opacity-50' : ''}`}
    >
      <div className="grid gap-5 sm:grid-cols-2">
        <div className="sm:col-span-2">
          <TextField
            label="Full Name"
            required
            autoComplete="off"
            autoFocus
            error={errors.fullName?.message}
            {...register('fullName')}
          />
        </div>
        <div className="sm:col-span-2">
          <TextField
            label="Email"
            type="email"
            inputMode="email"
            autoComplete="off"
            required
            error={errors.email?.message}
            {...register('email')}
          />
        </div>
        <Controller
          control={control}
          name="role"
          render={({ field }) => (
            <Dropdown
              label="Role"
              name="role"
              required
              options={ROLE_OPTIONS}
              value={field.value}
              onChange={(v) => {
                field.onChange(v);
                if (v === 'admin') setValue('brand', null, { shouldDirty: true });
              }}
              error={errors.role?.message}
            />
          )}
        />
        {isAdminRole ? (
          <p className="self-end pb-2 text-sm text-gray-600">
            Admins see every brand, so no brand is needed.
          </p>
        ) : (
          <Controller
            control={control}
            name="brand"
            render={({ field }) => (
              <Dropdown
                label="Brand"
                disabled={brandsLoading}
                name="brand"
                required
                options={brandOptions}
                value={field.value}
                onChange={field.onChange}
                error={errors.brand?.message}
              />
            )}
          />
        )}
        <PasswordInput
          label="Password"
          required
          autoComplete="new-password"
          error={errors.password?.message}
          {...register('password')}
        />
        <PasswordInput
          label="Repeat Password"
          required
          autoComplete="new-password"
          error={errors.repeatPassword?.message}
          {...register('repeatPassword')}
        />
        <p className="-mt-2 text-xs text-gray-600 sm:col-span-2">
          Password: 8 to 30 characters with a lowercase and an uppercase letter, a digit and one of
          - + _ ! @ # $ % ^ &amp; * . , ?
        </p>
        <div className="sm:col-span-2">
          <ProfilePicInput
            label="Profile picture (optional)"
            file={pic}
            onChange={setPic}
            error={picError ?? undefined}
            onError={setPicError}
            disabled={pending}
          />
        </div>
      </div>
      <div className="flex justify-end">
        <Button type="submit" disabled={pending} className="w-full sm:w-auto">
          {pending && <Spinner />}
          {pending ? 'Creating…' : 'Create Account'}
        </Button>
      </div>
      {pending && <LoadingOverlay label="Creating the account…" />}
    </form>
  );
}
