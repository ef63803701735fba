import { Button } from '../../../components/button';
import { loadErrorMessage } from '../../../lib/error-message';

/** A failed load that is not "not found": say so and offer to try again. */
export function LoadErrorState({ error, onRetry }: { error: Error; onRetry(): void }) {
  return (
    <div className="mx-auto flex max-w-xl flex-col items-center gap-4 p-8 text-center" role="alert">
      <h1 className="text-2xl font-bold">This page could not be loaded</h1>
      <p className="text-gray-700">{loadErrorMessage(error)}</p>
      <Button onClick={onRetry}>Try again</Button>
    </div>
  );
}
