import { lazy, Suspense, useId, useState } from 'react';
import { loadAfterFirstScreen } from '../../../lib/first-screen';
import type { PatternFilter } from '../../../../shared/contracts/pattern-list';
import type { ListFiltersProps } from './list-filters';
import { SearchBox } from './search-box';
import { FiltersPlaceholder } from './filter-placeholder';

// The working filters (Headless UI's listbox and its positioning): fetched once the first rows are
// painted (lib/first-screen.ts), not in their way; their closed look stands in meanwhile. Asked for
// when the bar first renders (React.lazy), not when this module is evaluated: other screens load
// it with My Patterns' script (vite.config.ts, FIRST_LOAD_GROUPS) and need no filters.
const loadFilters = loadAfterFirstScreen(() => import('./list-filters-live'));
const LiveListFilters = lazy(() => loadFilters().then((m) => ({ default: m.LiveListFilters })));

/** The filters set besides the search: the count the phone's Filters button shows. */
const activeFilterCount = (f: PatternFilter): number =>
  [f.brand, f.status, f.type, f.fabric, f.printable].filter((v) => v !== undefined && v !== '')
    .length;

interface ListFilterBarProps extends ListFiltersProps {
  onSearch(term: string, refine: boolean): void;
}

/**
 * Search and filters. On a phone (below `sm`) the search stays in sight and the dropdowns fold
 * behind a "Filters" button that counts the filters set, so the first pattern shows without
 * scrolling at 390 × 844 (issue 48 item 10); from `sm` up the button is gone and the dropdowns
 * stand in the row beside the search (`sm:contents`).
 */
export function ListFilterBar({ onSearch, ...filterProps }: ListFilterBarProps) {
  const [open, setOpen] = useState(false);
  const panelId = useId();
  const active = activeFilterCount(filterProps.filter);
  const isAdmin = filterProps.brands !== undefined; // admins filter by brand too: one more column
  return (
    <section
      aria-label="Filters"
      className={`grid grid-cols-[minmax(0,1fr)_auto] items-end gap-3 sm:grid-cols-2 md:grid-cols-3 ${isAdmin ? 'lg:grid-cols-6' : 'lg:grid-cols-5'}`}
    >
      <div className="min-w-0 sm:col-span-2 md:col-span-3 lg:col-span-1">
        <SearchBox value={filterProps.filter.search ?? ''} onSearch={onSearch} />
      </div>
      <button
        type="button"
        aria-expanded={open}
        aria-controls={panelId}
        onClick={() => setOpen((o) => !o)}
        className="inline-flex items-center gap-1.5 rounded-md border border-gray-300 bg-white px-3 py-2 text-sm font-semibold text-ink shadow-sm hover:bg-gray-100 sm:hidden"
      >
        <svg aria-hidden viewBox="0 0 20 20" className="h-4 w-4 fill-current">
          <path d="M3 5h14v1.5H3zm3 4.25h8v1.5H6zm2.5 4.25h3V15h-3z" />
        </svg>
        Filters
        {active > 0 && (
          <span className="rounded-full bg-ink px-1.5 text-xs leading-5 text-white">
            {active}
            <span className="sr-only"> set</span>
          </span>
        )}
      </button>
      <div
        id={panelId}
        className={`${open ? 'col-span-2 grid grid-cols-2 gap-3' : 'hidden'} sm:contents`}
      >
        <Suspense fallback={<FiltersPlaceholder {...filterProps} />}>
          <LiveListFilters {...filterProps} />
        </Suspense>
      </div>
    </section>
  );
}
