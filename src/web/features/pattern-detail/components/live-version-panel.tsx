import type { ReactNode } from 'react';
import type { LiveChanges } from '../../../../shared/contracts/pattern-published';
import { Button } from '../../../components/button';
import { DateTime } from '../../../components/date-time';
import { loadErrorMessage } from '../../../lib/error-message';

/**
 * For a published pattern whose edit waits: the storefront still has the published version (what
 * is live), and the edit reaches it only once published. `diff` is the review diff of the two,
 * composed by the route (features never import each other).
 */
export function LiveVersionPanel({
  live,
  error,
  onRetry,
  diff,
}: {
  live: LiveChanges | undefined;
  error: Error | null;
  onRetry(): void;
  diff: (live: LiveChanges) => ReactNode;
}) {
  return (
    <section
      aria-labelledby="live-version-heading"
      aria-busy={!live && !error}
      className="rounded-lg border border-amber-300 bg-amber-50 p-4 shadow-sm"
      data-testid="live-version"
    >
      <h2 id="live-version-heading" className="text-lg font-bold text-ink">
        Live on the storefront
      </h2>
      {error ? (
        <div role="alert" className="mt-1 flex flex-wrap items-center gap-3 text-sm">
          <p>The live version could not be loaded: {loadErrorMessage(error)}</p>
          <Button variant="secondary" onClick={onRetry}>
            Try again
          </Button>
        </div>
      ) : !live ? (
        <p className="mt-1 text-sm text-gray-700">Loading the live version…</p>
      ) : (
        <>
          <p className="mt-1 text-sm">
            Version {live.version}, published <DateTime iso={live.publishedAt} />
            {live.publishedBy ? ` by ${live.publishedBy}` : ''}, stays live until the edit below is
            published.
          </p>
          {live.changes.length === 0 ? (
            <p className="mt-1 text-sm">The working copy does not differ from the live version.</p>
          ) : (
            <>
              <p className="mt-2 text-sm font-semibold">
                What the waiting edit changes ({live.changes.length}):
              </p>
              {diff(live)}
            </>
          )}
        </>
      )}
    </section>
  );
}
