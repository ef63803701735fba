import { useMemo, useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import {
  ContactSupportRequestSchema,
  SUPPORT_LABELS as L,
  SUPPORT_MSG,
  type ContactSupportForm as FormInput,
  type ContactSupportRequest as FormValues,
} from '../../../../shared/contracts/support';
import { COUNTRY_OPTIONS } from '../../../../shared/options';
import { MSG } from '../../../../shared/messages';
import { useAuth } from '../../../lib/auth';
import { toast } from '../../../lib/toast';
import { reportFormError } from '../../../lib/form-errors';
import { useUnsavedChanges } from '../../../lib/unsaved-changes';
import { TextArea, TextField } from '../../../components/text-field';
import { Dropdown } from '../../../components/dropdown';
import { Button } from '../../../components/button';
import { Spinner } from '../../../components/spinner';
import { LoadingOverlay } from '../../../components/loading-overlay';
import { useSendSupportMessage } from '../api/send-support-message';
import { TermsSwitch } from './terms-switch';
import { SentNotice } from './sent-notice';

const FIELDS = [
  'fullName',
  'Brand_Company',
  'subject',
  'email',
  'country',
  'phoneNumber',
  'message',
] as const;

/**
 * Contact Support (spec sections 3 to 5): the fields are checked by the server's own schema, so
 * '{label} is required' shows under each field; the terms must be accepted through the modal,
 * else 'Please accept term & policy' and nothing is sent. Success resets the form to the user's
 * details and shows the stored message's reference; a failure keeps everything typed.
 */
export function ContactSupportForm() {
  const { user } = useAuth();
  const send = useSendSupportMessage();
  const [accepted, setAccepted] = useState(false);
  const [sentId, setSentId] = useState<number | null>(null);
  // Prefilled from the signed-in user where the portal knows the answer.
  const defaults = useMemo<FormInput>(
    () => ({
      fullName: user?.fullName ?? '',
      Brand_Company: user?.brand?.name ?? '',
      subject: '',
      email: user?.email ?? '',
      country: null,
      phoneNumber: '',
      message: '',
    }),
    [user?.fullName, user?.brand?.name, user?.email],
  );
  const {
    register,
    control,
    handleSubmit,
    reset,
    setError,
    formState: { errors, isDirty },
  } = useForm<FormInput, unknown, FormValues>({
    resolver: zodResolver(ContactSupportRequestSchema),
    defaultValues: defaults,
  });
  useUnsavedChanges(isDirty);

  const warnTerms = () => {
    if (accepted) return false;
    toast.warning(MSG.acceptTerms);
    return true;
  };

  const onSubmit = handleSubmit(
    async (values) => {
      if (warnTerms()) return;
      setSentId(null);
      try {
        const { contactDetails } = await send.mutateAsync(values);
        toast.success(SUPPORT_MSG.sent);
        setSentId(contactDetails.id);
        reset(defaults);
        setAccepted(false);
      } catch (err) {
        reportFormError(err, setError, { fields: FIELDS, fallback: SUPPORT_MSG.sendFailed });
      }
    },
    () => {
      warnTerms();
    },
  );

  const pending = send.isPending;
  return (
    <form
      onSubmit={onSubmit}
      noValidate
      className="flex flex-col gap-5"
      aria-busy={pending || undefined}
    >
      {sentId !== null && <SentNotice id={sentId} onDismiss={() => setSentId(null)} />}
      <div className="grid gap-5 sm:grid-cols-2">
        <TextField
          label={L.fullName}
          required
          autoComplete="name"
          error={errors.fullName?.message}
          {...register('fullName')}
        />
        <TextField
          label={L.Brand_Company}
          required
          autoComplete="organization"
          error={errors.Brand_Company?.message}
          {...register('Brand_Company')}
        />
        <div className="sm:col-span-2">
          <TextField
            label={L.subject}
            required
            error={errors.subject?.message}
            {...register('subject')}
          />
        </div>
        <TextField
          label={L.email}
          type="email"
          inputMode="email"
          autoComplete="email"
          required
          error={errors.email?.message}
          {...register('email')}
        />
        <TextField
          label={L.phoneNumber}
          type="tel"
          autoComplete="tel"
          required
          error={errors.phoneNumber?.message}
          {...register('phoneNumber')}
        />
        <Controller
          control={control}
          name="country"
          render={({ field }) => (
            <Dropdown
              label={L.country}
              name="country"
              options={COUNTRY_OPTIONS}
              value={field.value}
              onChange={field.onChange}
              error={errors.country?.message}
            />
          )}
        />
        <div className="sm:col-span-2">
          <TextArea
            label={L.message}
            rows={6}
            error={errors.message?.message}
            {...register('message')}
          />
        </div>
      </div>
      <TermsSwitch accepted={accepted} onChange={setAccepted} />
      <div className="flex justify-end">
        <Button type="submit" disabled={pending} className="w-full sm:w-auto">
          {pending && <Spinner />}
          {pending ? 'Sending…' : 'Send message'}
        </Button>
      </div>
      {pending && <LoadingOverlay label="Sending your message…" />}
    </form>
  );
}
