import { isRouteErrorResponse, Link, useRouteError } from 'react-router';
import { MSG } from '../../../../shared/messages';

/** The route error boundary: 'Unexpected Application Error!' and a way back, never a stack trace. */
export function RouteErrorPage() {
  const error = useRouteError();
  const detail = isRouteErrorResponse(error) ? `${error.status} ${error.statusText}` : error instanceof Error ? error.message : undefined;
  return (
    <div className="mx-auto flex min-h-screen max-w-xl flex-col items-center justify-center gap-4 p-6 text-center">
      <h1 className="text-2xl font-bold">{MSG.unexpectedError}</h1>
      {detail && <p className="text-gray-600">{detail}</p>}
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
