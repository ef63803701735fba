import { Link } from 'react-router';
import { Button } from '../../../components/button';
import { loadErrorMessage } from '../../../lib/error-message';

/** Nothing in the catalogue yet for this user: say so and offer the next step. */
export function NoPatternsYet() {
  return (
    <div className="flex flex-col items-center gap-3 rounded-lg border border-dashed border-gray-300 bg-white px-6 py-12 text-center">
      <h2 className="text-lg font-bold">No patterns yet</h2>
      <p className="text-sm text-gray-700">
        Patterns you add show up here, ready to check and send to review.
      </p>
      <Link
        to="/app/add-record"
        className="rounded-md bg-brand px-4 py-2 text-sm font-semibold text-ink shadow-sm hover:bg-brand-dark"
      >
        Add new pattern
      </Link>
    </div>
  );
}

/** The filters or search exclude everything: one click gets back to the whole list. */
export function NoPatternsMatch({ onClear }: { onClear(): void }) {
  return (
    <div className="flex flex-col items-center gap-3 rounded-lg border border-dashed border-gray-300 bg-white px-6 py-12 text-center">
      <h2 className="text-lg font-bold">No patterns match</h2>
      <p className="text-sm text-gray-700">
        Try another search, or clear the filters to see every pattern.
      </p>
      <Button variant="secondary" onClick={onClear}>
        Clear filters
      </Button>
    </div>
  );
}

/** The list could not be loaded: the reason, and a way to try again without losing the view. */
export function ListError({
  error,
  onRetry,
  retrying,
}: {
  error: Error;
  onRetry(): void;
  retrying: boolean;
}) {
  return (
    <div
      role="alert"
      className="flex flex-col items-center gap-3 rounded-lg border border-red-200 bg-red-50 px-6 py-10 text-center"
    >
      <h2 className="text-lg font-bold text-red-900">The patterns could not be loaded</h2>
      <p className="text-sm text-red-900">{loadErrorMessage(error)}</p>
      <Button variant="secondary" onClick={onRetry} disabled={retrying}>
        Try again
      </Button>
    </div>
  );
}
