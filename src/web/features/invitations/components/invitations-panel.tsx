import { useQuery } from '@tanstack/react-query';
import { Controller, useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import type { z } from 'zod';
import { InviteSchema, type Invite } from '../../../../shared/contracts/invitations';
import { ROLE_OPTIONS, type Option } from '../../../../shared/options';
import { toast } from '../../../lib/toast';
import { reportFormError } from '../../../lib/form-errors';
import { TextField } from '../../../components/text-field';
import { Dropdown } from '../../../components/dropdown';
import { Button } from '../../../components/button';
import { Spinner } from '../../../components/spinner';
import { DateTime } from '../../../components/date-time';
import { QueryFailed, QueryLoading } from '../../../components/query-states';
import {
  invitationsQuery,
  useCancelInvitation,
  useInvite,
  useResendInvitation,
} from '../api/invitations';

const FIELDS = ['fullName', 'email', 'role', 'brand'] as const;
type InviteInput = z.input<typeof InviteSchema>;

/**
 * Users tab → Invite by e-mail: the person chooses their own password by a mailed link (valid
 * INVITE_DAYS); pending invitations with Resend (a new link) and Cancel.
 */
export function InvitationsPanel({ brandOptions }: { brandOptions: Option[] }) {
  const invitations = useQuery(invitationsQuery);
  const invite = useInvite();
  const resend = useResendInvitation();
  const cancel = useCancelInvitation();
  const {
    register,
    control,
    handleSubmit,
    setError,
    setValue,
    watch,
    reset,
    formState: { errors },
  } = useForm<InviteInput, unknown, Invite>({
    resolver: zodResolver(InviteSchema),
    defaultValues: { fullName: '', email: '', role: undefined, brand: null },
  });
  const isAdminRole = watch('role') === 'admin';

  const onSubmit = handleSubmit(async (values) => {
    try {
      const res = await invite.mutateAsync(values);
      toast.success(res.message);
      reset();
    } catch (err) {
      reportFormError(err, setError, { fields: FIELDS });
    }
  });

  const list = invitations.data?.data ?? [];
  return (
    <section
      aria-labelledby="invite-title"
      className="mt-6 flex flex-col gap-6 rounded-xl bg-white p-6 shadow-sm ring-1 ring-gray-200"
    >
      <div>
        <h2 id="invite-title" className="text-lg font-semibold text-ink">
          Invite by email
        </h2>
        <p className="mt-1 text-sm text-gray-600">
          The person gets a link to choose their own password; it works once.
        </p>
      </div>
      <form onSubmit={onSubmit} noValidate className="grid gap-4 sm:grid-cols-2">
        <TextField
          label="Full Name"
          required
          autoComplete="off"
          error={errors.fullName?.message}
          {...register('fullName')}
        />
        <TextField
          label="Email"
          type="email"
          inputMode="email"
          autoComplete="off"
          required
          error={errors.email?.message}
          {...register('email')}
        />
        <Controller
          control={control}
          name="role"
          render={({ field }) => (
            <Dropdown
              label="Role"
              name="invite-role"
              required
              options={ROLE_OPTIONS}
              value={field.value as string | undefined}
              onChange={(v) => {
                field.onChange(v);
                if (v === 'admin') setValue('brand', null);
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
                name="invite-brand"
                required
                options={brandOptions}
                value={
                  field.value === null || field.value === undefined ? null : String(field.value)
                }
                onChange={field.onChange}
                error={errors.brand?.message}
              />
            )}
          />
        )}
        <div className="sm:col-span-2">
          <Button
            type="submit"
            disabled={invite.isPending}
            aria-busy={invite.isPending || undefined}
          >
            {invite.isPending && <Spinner />}
            Send invitation
          </Button>
        </div>
      </form>

      <div>
        <h3 className="mb-2 text-base font-semibold text-ink">Pending invitations</h3>
        {invitations.isPending ? (
          <QueryLoading>Loading invitations…</QueryLoading>
        ) : invitations.isError ? (
          <QueryFailed error={invitations.error} onRetry={() => void invitations.refetch()} />
        ) : list.length === 0 ? (
          <p className="text-sm text-gray-600">No invitations are waiting.</p>
        ) : (
          <ul className="flex flex-col divide-y divide-gray-200" aria-label="Pending invitations">
            {list.map((i) => (
              <li
                key={i.id}
                className="flex flex-col gap-2 py-3 sm:flex-row sm:items-center sm:justify-between"
              >
                <div className="min-w-0 text-sm">
                  <p className="font-semibold wrap-anywhere text-ink">
                    {i.fullName} · {i.email}
                  </p>
                  <p className="text-gray-700">
                    {i.role === 'admin' ? 'Admin' : 'User'}
                    {i.brand && ` · ${i.brand.name}`} · sent <DateTime iso={i.sentAt} relative />
                    {i.invitedBy && ` by ${i.invitedBy}`}
                  </p>
                  <p className={i.expired ? 'font-semibold text-red-800' : 'text-gray-600'}>
                    {i.expired ? 'Expired ' : 'Valid until '}
                    <DateTime iso={i.expiresAt} />
                  </p>
                </div>
                <div className="flex gap-2">
                  <Button
                    variant="secondary"
                    aria-label={`Resend the invitation to ${i.email}`}
                    disabled={resend.isPending && resend.variables === i.id}
                    onClick={() =>
                      resend.mutate(i.id, { onSuccess: (r) => toast.success(r.message) })
                    }
                  >
                    Resend
                  </Button>
                  <Button
                    variant="secondary"
                    aria-label={`Cancel the invitation to ${i.email}`}
                    disabled={cancel.isPending && cancel.variables === i.id}
                    onClick={() =>
                      cancel.mutate(i.id, { onSuccess: (r) => toast.success(r.message) })
                    }
                  >
                    Cancel
                  </Button>
                </div>
              </li>
            ))}
          </ul>
        )}
      </div>
    </section>
  );
}
