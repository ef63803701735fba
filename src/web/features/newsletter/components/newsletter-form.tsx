import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { z } from 'zod';
import { EmailSchema } from '../../../../shared/contracts/common';
import { toast } from '../../../lib/toast';
import { reportFormError } from '../../../lib/form-errors';
import { NewsletterFields } from './newsletter-fields';

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

  return (
    <NewsletterFields
      onSubmit={onSubmit}
      input={register('email')}
      error={errors.email?.message}
      submitting={isSubmitting}
    />
  );
}
