import { Link } from 'react-router';
import type { PatternListRow } from '../../../../shared/contracts/pattern-list';
import { THUMBNAIL_PATHS } from '../../../../shared/contracts/preflight-paths';
import { LazyThumbnail } from '../../../components/lazy-thumbnail';
import { StatusBadge } from './status-badge';
import { formatPrice } from '../../../lib/format';

/** The page's patterns as cards with their main hero photo (the grid view); selection and delete stay in the table view. */
export function PatternsGrid({
  rows,
  showBrand,
  refreshing,
}: {
  rows: PatternListRow[] | undefined;
  showBrand: boolean;
  refreshing: boolean;
}) {
  if (!rows) {
    return (
      <ul
        className="grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-5"
        aria-busy="true"
        aria-label="Patterns"
      >
        {Array.from({ length: 10 }, (_, i) => (
          <li
            key={i}
            className="h-56 animate-pulse rounded-lg bg-gray-200"
            data-testid="skeleton-card"
          />
        ))}
      </ul>
    );
  }
  return (
    <ul
      className={`grid grid-cols-2 gap-3 transition-opacity sm:grid-cols-3 lg:grid-cols-5 ${refreshing ? 'opacity-60' : ''}`}
      aria-busy={refreshing}
      aria-label="Patterns"
    >
      {rows.map((row) => (
        <li
          key={row.ID}
          className="flex flex-col overflow-hidden rounded-lg border border-gray-200 bg-white shadow-sm"
          data-testid="pattern-card"
        >
          <LazyThumbnail
            url={row.heroFileId ? THUMBNAIL_PATHS.thumbnail(row.heroFileId, 'small') : null}
            alt={`Main hero photo of ${row.SFCC_Pattern_ID}`}
            className="aspect-[4/5] w-full rounded-none border-0 border-b"
          />
          <div className="flex flex-1 flex-col gap-1 p-2 text-sm">
            <Link
              to={`/app/show-records/${row.ID}`}
              className="font-medium break-all text-blue-800 underline-offset-2 hover:underline"
            >
              {row.SFCC_Pattern_ID}
            </Link>
            <span className="line-clamp-2 wrap-anywhere">{row.Pattern_Name}</span>
            {showBrand && <span className="text-gray-700">{row.brandName}</span>}
            <span className="mt-auto flex flex-wrap items-center justify-between gap-1 pt-1">
              <StatusBadge
                status={row.SFCC_Status}
                editStatus={row.editStatus}
                storefront={row.storefront}
              />
              {row.Price !== null && <span className="tabular-nums">{formatPrice(row.Price)}</span>}
            </span>
          </div>
        </li>
      ))}
    </ul>
  );
}
