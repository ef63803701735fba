import { Link } from 'react-router';
import { FormAlert } from './form-alert';

/** A link that cannot be used (or is incomplete), with the way to a new one. */
export function BadLink({ message, email }: { message: string; email?: string }) {
  return (
    <div className="flex flex-col gap-4">
      <FormAlert kind="error">{message}</FormAlert>
      <Link
        to={
          email
            ? `/app/forgot-password?${new URLSearchParams({ email }).toString()}`
            : '/app/forgot-password'
        }
        className="inline-flex justify-center rounded-md bg-brand px-4 py-2.5 text-sm font-semibold text-ink shadow-sm hover:bg-brand-dark"
      >
        Ask for a new reset link
      </Link>
    </div>
  );
}
