import { useId } from 'react';
import { LIMITS } from '../../../../shared/limits';
import { formatCount } from '../../../lib/format';

interface ListPaginationProps {
  page: number;
  pageSize: number;
  total: number;
  /** `total` is a lower bound: a search matched more than LIMITS.searchCountCap patterns. */
  capped?: boolean;
  /** Rows on this page, for "Showing 11–20". */
  shown: number;
  onPage(page: number, anchor?: 'next' | 'previous'): void;
  onPageSize(size: number): void;
}

/**
 * Page numbers around the current one, with the first and last always reachable. When the last
 * page is not known (a capped total), the window ends in a gap after the next page.
 */
function pageWindow(page: number, last: number, open: boolean): (number | 'gap')[] {
  const around = new Set(
    [1, ...(open ? [] : [last]), page - 1, page, page + 1].filter((p) => p >= 1 && p <= last),
  );
  const sorted = [...around].sort((a, b) => a - b);
  const pages = sorted.flatMap((p, i) =>
    i > 0 && p - sorted[i - 1]! > 1 ? (['gap', p] as const) : [p],
  );
  return open ? [...pages, 'gap'] : pages;
}

export function ListPagination({
  page,
  pageSize,
  total,
  capped = false,
  shown,
  onPage,
  onPageSize,
}: ListPaginationProps) {
  const sizeId = useId();
  // A capped total: more pages than the count shows while this page is full.
  const open = capped && shown === pageSize;
  const last = Math.max(1, Math.ceil(total / pageSize), capped ? page : 0, open ? page + 1 : 0);
  const from = total === 0 || shown === 0 ? 0 : (page - 1) * pageSize + 1;
  const to = from === 0 ? 0 : from + shown - 1;
  const btn =
    'min-w-9 rounded-md border border-gray-300 bg-white px-2.5 py-1.5 text-sm hover:bg-gray-100 disabled:cursor-not-allowed disabled:opacity-50';

  return (
    <div className="flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between">
      <div className="flex flex-wrap items-center gap-x-4 gap-y-2 text-sm text-gray-800">
        <p aria-live="polite" data-testid="list-range">
          Showing {formatCount(from)}–{formatCount(to)} of {formatCount(total)}
          {capped && (
            <>
              +<span className="text-gray-600"> (narrow the search to count them exactly)</span>
            </>
          )}
        </p>
        <div className="flex items-center gap-2">
          <label htmlFor={sizeId}>Rows per page</label>
          <select
            id={sizeId}
            value={pageSize}
            onChange={(e) => onPageSize(Number(e.target.value))}
            className="rounded-md border border-gray-300 bg-white px-2 py-1 text-sm"
          >
            {LIMITS.pageSizes.map((s) => (
              <option key={s} value={s}>
                {s}
              </option>
            ))}
          </select>
        </div>
      </div>
      <nav aria-label="Pages" className="flex flex-wrap items-center gap-1">
        <button
          type="button"
          className={btn}
          disabled={page <= 1}
          onClick={() => onPage(page - 1, 'previous')}
        >
          Previous
        </button>
        {pageWindow(page, last, open).map((p, i) =>
          p === 'gap' ? (
            <span key={`gap-${i}`} className="px-1 text-gray-500" aria-hidden>
              …
            </span>
          ) : (
            <button
              key={p}
              type="button"
              className={`${btn} ${p === page ? 'border-ink bg-brand font-semibold hover:bg-brand' : ''}`}
              aria-current={p === page ? 'page' : undefined}
              aria-label={`Page ${p}`}
              onClick={() => onPage(p)}
            >
              {formatCount(p)}
            </button>
          ),
        )}
        <button
          type="button"
          className={btn}
          disabled={page >= last}
          onClick={() => onPage(page + 1, 'next')}
        >
          Next
        </button>
      </nav>
    </div>
  );
}
