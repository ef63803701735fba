import { useId } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { z } from 'zod';
import { EmailSchema } from '../../../../shared/contracts/common';
import { toast } from '../../../lib/toast';
import { reportFormError } from '../../../lib/form-errors';
import { Spinner } from '../../../components/spinner';

// The same e-mail rule as every other form ('Email is required', 'Not Valid Email'). When the
// newsletter endpoint gets its contract, its request schema replaces this one.
const NewsletterFormSchema = z.object({ email: EmailSchema });
type NewsletterFormInput = z.input<typeof NewsletterFormSchema>;
type NewsletterFormValues = z.output<typeof NewsletterFormSchema>;

interface NewsletterFormProps {
  /** Stores the subscription; without it the form only confirms (the call comes with the support issue). */
  onSubscribe?: (email: string) => Promise<void>;
}

/** The footer's newsletter box: one e-mail field and Subscribe; errors read '- Email is required' (spec section 2). */
export function NewsletterForm({ onSubscribe }: NewsletterFormProps) {
  const id = useId();
  const {
    register,
    handleSubmit,
    reset,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<NewsletterFormInput, unknown, NewsletterFormValues>({
    resolver: zodResolver(NewsletterFormSchema),
    defaultValues: { email: '' },
  });

  const onSubmit = handleSubmit(async ({ email }) => {
    try {
      await onSubscribe?.(email);
      toast.success("Thanks for subscribing! You'll hear from us in the next newsletter.");
      reset();
    } catch (err) {
      // A rejected address belongs under the field; anything else (network, server) is a toast.
      reportFormError(err, setError, {
        fields: ['email'],
        fallback: 'Could not subscribe right now. Please try again.',
        sayWhenFieldsShown: false,
      });
    }
  });

  const error = errors.email?.message;
  return (
    <form onSubmit={onSubmit} noValidate className="flex flex-col gap-2">
      <div className="flex flex-col gap-2 sm:flex-row">
        {/* "e-mail", not "Email": keeps getByLabel('Email') unique on pages that have their own Email field. */}
        <label htmlFor={`${id}-email`} className="sr-only">
          Newsletter e-mail address
        </label>
        <input
          id={`${id}-email`}
          type="email"
          inputMode="email"
          autoComplete="email"
          placeholder="Enter your e-mail address"
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-error` : undefined}
          className={`min-w-0 flex-1 rounded-md border bg-white/5 px-3 py-2 text-sm text-white placeholder:text-gray-400 ${error ? 'border-red-400' : 'border-white/20'}`}
          {...register('email')}
        />
        <button
          type="submit"
          disabled={isSubmitting}
          className="inline-flex items-center justify-center gap-2 rounded-md bg-brand px-4 py-2 text-sm font-semibold text-ink shadow-sm hover:bg-brand-dark disabled:cursor-not-allowed disabled:opacity-60"
        >
          {isSubmitting && <Spinner />}
          Subscribe
        </button>
      </div>
      {error && (
        <p id={`${id}-error`} role="alert" className="text-sm text-red-300">
          {`- ${error}`}
        </p>
      )}
    </form>
  );
}
