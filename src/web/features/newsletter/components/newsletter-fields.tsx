import { useId, type InputHTMLAttributes } from 'react';
import { Spinner } from '../../../components/spinner';

interface NewsletterFieldsProps {
  /** The e-mail input's own props (React Hook Form's `register`); none while the form's script loads. */
  input?: InputHTMLAttributes<HTMLInputElement>;
  error?: string;
  submitting?: boolean;
  /** Drawn before the working form's script has arrived: the same look, nothing to type into yet. */
  waiting?: boolean;
  onSubmit?: React.FormEventHandler<HTMLFormElement>;
}

/** The newsletter box's markup, shared by the working form and its stand-in (lazy-newsletter-form.tsx). */
export function NewsletterFields({
  input,
  error,
  submitting,
  waiting,
  onSubmit,
}: NewsletterFieldsProps) {
  const id = useId();
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
          disabled={waiting}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-error` : undefined}
          className={`min-w-0 flex-1 rounded-md border bg-white/5 px-3 py-2 text-sm text-white placeholder:text-gray-400 ${error ? 'border-red-400' : 'border-white/20'}`}
          {...input}
        />
        <button
          type="submit"
          disabled={submitting || waiting}
          // Waiting for its script it keeps its look (no dimmed flash on a first load), only not yet clickable.
          className={`inline-flex items-center justify-center gap-2 rounded-md bg-brand px-4 py-2 text-sm font-semibold text-ink shadow-sm hover:bg-brand-dark ${waiting ? 'cursor-progress' : 'disabled:cursor-not-allowed disabled:opacity-60'}`}
        >
          {submitting && <Spinner />}
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
