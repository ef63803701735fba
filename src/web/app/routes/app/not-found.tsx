import { Link } from 'react-router';
import { MSG } from '../../../../shared/messages';

/** Any unknown route under the app (router.tsx, path '*'), and a 404 raised inside a route
 * (error-page.tsx), then with the route's own words for its record when it has them. */
function NotFoundScreen({ message }: { message?: string }) {
  return (
    <div className="mx-auto flex max-w-2xl flex-col items-center px-4 py-16 text-center sm:py-24">
      <title>Page not found · Partner Portal</title>
      <p className="text-6xl font-extrabold tracking-tight text-ink sm:text-7xl">
        4<span className="text-brand-dark">0</span>4
      </p>
      <h1 className="mt-4 text-2xl font-bold text-ink sm:text-3xl">{message ?? MSG.notFound}</h1>
      <div className="mt-8 flex w-full flex-col gap-3 sm:w-auto sm:flex-row">
        <Link
          to="/app/dashboard"
          className="inline-flex items-center justify-center rounded-md bg-brand px-5 py-3 text-sm font-semibold text-ink shadow-sm hover:bg-brand-dark"
        >
          Go back home
        </Link>
        <Link
          to="/app/contact-support"
          className="inline-flex items-center justify-center rounded-md border border-gray-300 bg-white px-5 py-3 text-sm font-semibold text-ink shadow-sm hover:bg-gray-100"
        >
          Contact Support
        </Link>
      </div>
    </div>
  );
}

export const Component = NotFoundScreen;
