import { useEffect, useLayoutEffect } from 'react';
import { isRouteErrorResponse, Link, useMatches, useRouteError } from 'react-router';
import { MSG } from '../../../../shared/messages';
import { ApiError } from '../../../lib/api-client';
import { ChunkLoadError } from '../../../lib/chunk-load';
import { errorMessage } from '../../../lib/error-message';
import { firstScreenShown } from '../../../lib/first-screen';
import { Component as NotFoundScreen } from './not-found';

/** What a route tells its error boundary (router.tsx `handle`). */
export interface RouteHandle {
  /** The not-found screen's words for this route's record ('This pattern does not exist …'). */
  notFound?: string;
}

/**
 * The error boundary of the root and of every route (router.tsx): a 404 shows the 404 screen;
 * anything else shows 'Unexpected Application Error!', what happened in words a user can act
 * on (the server's message, a screen that could not load), and a way back; never a stack trace or a
 * script's internal message. A 404 thrown by a loader, and an ApiError 404 or 400 from a record's
 * load (an ID the server refuses: another brand's, gone, malformed), are "not found", said in
 * the words of the route's `handle.notFound` when it has them.
 */
export function RouteErrorPage({ inLayout = false }: { inLayout?: boolean }) {
  const error = useRouteError();
  const notFound =
    (isRouteErrorResponse(error) && error.status === 404) ||
    (error instanceof ApiError && (error.status === 404 || error.status === 400));
  const notFoundText = useMatches()
    .map((m) => (m.handle as RouteHandle | undefined)?.notFound)
    .findLast(Boolean);
  const detail = isRouteErrorResponse(error)
    ? `${error.status} ${error.statusText}`
    : error instanceof ApiError
      ? (errorMessage(error, MSG.unexpectedErrorDetail) ?? MSG.unexpectedErrorDetail)
      : error instanceof ChunkLoadError
        ? MSG.chunkLoadFailed
        : MSG.unexpectedErrorDetail;
  // An error screen is a first screen too: what waits for one (the header's menu) may load.
  useLayoutEffect(() => firstScreenShown(), []);
  // The cause stays in the browser console for whoever investigates, not on the screen.
  useEffect(() => {
    if (!(error instanceof ApiError) && !isRouteErrorResponse(error))
      console.warn('Route error:', error);
  }, [error]);
  if (notFound) return <NotFoundScreen message={notFoundText} />;
  return (
    // Inside the layout the header and footer stay; at the root nothing else is left to show.
    <div
      className={`mx-auto flex max-w-xl ${inLayout ? 'py-16' : 'min-h-screen'} flex-col items-center justify-center gap-4 p-6 text-center`}
    >
      <h1 className="text-2xl font-bold">{MSG.unexpectedError}</h1>
      <p className="text-gray-700">{detail}</p>
      <div className="flex gap-3">
        <button
          type="button"
          className="rounded bg-brand px-4 py-2 font-semibold"
          onClick={() => window.location.reload()}
        >
          Try again
        </button>
        <Link to="/app/dashboard" className="rounded border px-4 py-2 font-semibold" reloadDocument>
          Go back home
        </Link>
      </div>
    </div>
  );
}
