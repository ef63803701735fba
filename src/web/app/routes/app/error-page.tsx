import { useEffect } from 'react';
import { isRouteErrorResponse, Link, useRouteError } from 'react-router';
import { MSG } from '../../../../shared/messages';
import { ApiError } from '../../../lib/api-client';
import { ChunkLoadError } from '../../../lib/chunk-load';

/**
 * The route error boundary: 'Unexpected Application Error!', what happened in words a user can act
 * on (the server's message, a screen that could not load), and a way back; never a stack trace or a
 * script's internal message.
 */
export function RouteErrorPage() {
  const error = useRouteError();
  const detail = isRouteErrorResponse(error)
    ? `${error.status} ${error.statusText}`
    : error instanceof ApiError
      ? error.message
      : error instanceof ChunkLoadError
        ? MSG.chunkLoadFailed
        : MSG.unexpectedErrorDetail;
  // The cause stays in the browser console for whoever investigates, not on the screen.
  useEffect(() => {
    if (!(error instanceof ApiError) && !isRouteErrorResponse(error)) console.warn('Route error:', error);
  }, [error]);
  return (
    <div className="mx-auto flex min-h-screen max-w-xl flex-col items-center justify-center gap-4 p-6 text-center">
      <h1 className="text-2xl font-bold">{MSG.unexpectedError}</h1>
      <p className="text-gray-700">{detail}</p>
      <div className="flex gap-3">
        <button type="button" className="rounded bg-brand px-4 py-2 font-semibold" onClick={() => window.location.reload()}>
          Try again
        </button>
        <Link to="/app/dashboard" className="rounded border px-4 py-2 font-semibold" reloadDocument>
          Go back home
        </Link>
      </div>
    </div>
  );
}
