import { MSG } from '../../shared/messages';
import { Button } from './button';
import { Spinner } from './spinner';

/** A list's loading line (announced to screen readers). */
export function QueryLoading({ children }: { children: string }) {
  return (
    <p className="flex items-center gap-2 text-sm" role="status">
      <Spinner /> {children}
    </p>
  );
}

/** A list that could not be read: the server's message (or the generic one) and Try again. */
export function QueryFailed({ error, onRetry }: { error: Error; onRetry: () => void }) {
  return (
    <div
      role="alert"
      className="rounded-lg border border-red-200 bg-red-50 p-4 text-sm text-red-900"
    >
      <p>{error.message || MSG.fetchFailed}</p>
      <Button variant="secondary" className="mt-2" onClick={onRetry}>
        Try again
      </Button>
    </div>
  );
}
