import { useId } from 'react';
import type { PatternSortKey, SortDirection } from '../../../../shared/contracts/pattern-list';

/** The table's sortable columns as the grid offers them: each in both directions, in words. */
const OPTIONS: { sort: PatternSortKey; label: string; asc: string; desc: string }[] = [
  { sort: 'updatedAt', label: 'Updated', asc: 'oldest first', desc: 'newest first' },
  { sort: 'SFCC_Pattern_ID', label: 'Pattern ID', asc: 'A–Z', desc: 'Z–A' },
  { sort: 'Pattern_Name', label: 'Pattern Name', asc: 'A–Z', desc: 'Z–A' },
  { sort: 'brand', label: 'Brand', asc: 'A–Z', desc: 'Z–A' },
  { sort: 'Type', label: 'Pattern Type', asc: 'A–Z', desc: 'Z–A' },
  { sort: 'Gender', label: 'Gender', asc: 'A–Z', desc: 'Z–A' },
  { sort: 'Price', label: 'Price', asc: 'lowest first', desc: 'highest first' },
  { sort: 'status', label: 'Status', asc: 'A–Z', desc: 'Z–A' },
];

/** The grid view's sort (issue 34): the cards have no column headers to click, so a labelled select. */
export function GridSort({
  sort,
  dir,
  showBrand,
  onSort,
}: {
  sort: PatternSortKey;
  dir: SortDirection;
  showBrand: boolean;
  onSort(sort: PatternSortKey, dir: SortDirection): void;
}) {
  const id = useId();
  return (
    <div className="flex items-center gap-2 text-sm">
      <label htmlFor={id} className="font-semibold">
        Sort by
      </label>
      <select
        id={id}
        value={`${sort}:${dir}`}
        onChange={(e) => {
          const [s, d] = e.target.value.split(':');
          onSort(s as PatternSortKey, d as SortDirection);
        }}
        className="min-w-0 rounded-md border border-gray-300 bg-white px-2 py-1.5"
      >
        {OPTIONS.filter((o) => showBrand || o.sort !== 'brand').flatMap((o) =>
          (['desc', 'asc'] as const).map((d) => (
            <option key={`${o.sort}:${d}`} value={`${o.sort}:${d}`}>
              {o.label} ({o[d]})
            </option>
          )),
        )}
      </select>
    </div>
  );
}
