import type { PatternSortKey, SortDirection } from '../../../../shared/contracts/pattern-list';

interface SortHeaderProps {
  label: string;
  column: PatternSortKey;
  sort: PatternSortKey;
  dir: SortDirection;
  onSort(column: PatternSortKey, dir: SortDirection): void;
  /** First direction when this column becomes the sort (newest and dearest first for dates and prices). */
  firstDir?: SortDirection;
  className?: string;
}

/** A column header that sorts: a real button (Enter/Space), aria-sort on the cell for screen readers. */
export function SortHeader({
  label,
  column,
  sort,
  dir,
  onSort,
  firstDir = 'asc',
  className = '',
}: SortHeaderProps) {
  const active = sort === column;
  const next: SortDirection = active ? (dir === 'asc' ? 'desc' : 'asc') : firstDir;
  return (
    <th
      scope="col"
      aria-sort={active ? (dir === 'asc' ? 'ascending' : 'descending') : 'none'}
      className={`px-3 py-2 text-left font-semibold ${className}`}
    >
      <button
        type="button"
        onClick={() => onSort(column, next)}
        className="-mx-1 inline-flex items-center gap-1 rounded px-1 py-0.5 whitespace-nowrap hover:bg-gray-200"
        title={`Sort by ${label} (${next === 'asc' ? 'ascending' : 'descending'})`}
      >
        {label}
        <span aria-hidden className={`text-xs ${active ? 'text-ink' : 'text-gray-400'}`}>
          {active ? (dir === 'asc' ? '▲' : '▼') : '↕'}
        </span>
      </button>
    </th>
  );
}
