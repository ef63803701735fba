import { Fragment } from 'react';
import { Link } from 'react-router';

export interface Crumb {
  label: string;
  /** Absent on the last crumb: the page the user is on. */
  to?: string;
}

/** Where the user is, e.g. My Patterns › S9001 › Size 8; long IDs wrap instead of widening the page. */
export function Breadcrumb({ items }: { items: Crumb[] }) {
  return (
    <nav aria-label="Breadcrumb" className="text-sm">
      <ol className="flex flex-wrap items-center gap-1 text-gray-700">
        {items.map((c, i) => (
          <Fragment key={i}>
            {i > 0 && <li aria-hidden>›</li>}
            {c.to ? (
              <li>
                <Link
                  to={c.to}
                  className="break-all text-blue-800 underline-offset-2 hover:underline"
                >
                  {c.label}
                </Link>
              </li>
            ) : (
              <li aria-current="page" className="break-all font-medium">
                {c.label}
              </li>
            )}
          </Fragment>
        ))}
      </ol>
    </nav>
  );
}
