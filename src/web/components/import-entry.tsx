import { Link } from 'react-router';

/**
 * The one way into bulk import (issue 34): "Import patterns" opens the wizard, and the history of
 * imports is one click away beside it. On My Patterns and on the dashboard.
 */
export function ImportEntry() {
  return (
    <span className="inline-flex flex-wrap items-center gap-x-2 gap-y-1">
      <Link
        to="/app/imports/new"
        className="rounded-md border border-gray-300 bg-white px-3 py-1.5 text-sm font-semibold text-ink shadow-sm hover:bg-gray-100 sm:px-4 sm:py-2"
      >
        Import patterns
      </Link>
      <Link
        to="/app/imports"
        className="px-1 py-1.5 text-sm font-semibold text-ink underline sm:py-2"
      >
        Import history
      </Link>
    </span>
  );
}
