import { useEffect, useRef } from 'react';
import type {
  PatternListRow,
  PatternSortKey,
  SortDirection,
} from '../../../../shared/contracts/pattern-list';
import { SortHeader } from './sort-header';
import { PatternRow } from './pattern-row';
import { SkeletonRows } from './skeleton-rows';
import { STICKY_ACTIONS } from '../../../components/table-classes';

interface PatternsTableProps {
  rows: PatternListRow[] | undefined;
  showBrand: boolean;
  sort: PatternSortKey;
  dir: SortDirection;
  onSort(column: PatternSortKey, dir: SortDirection): void;
  selected: Set<number>;
  /** IDs the user cannot delete (with the reason), so they cannot be selected either. */
  lockedReason(row: PatternListRow): string | undefined;
  onToggle(id: number): void;
  onToggleAll(select: boolean): void;
  onDelete(row: PatternListRow): void;
  skeletonRows: number;
  /** A newer page is on its way (the rows shown are the previous ones). */
  refreshing: boolean;
}

/** The patterns of one page. On a phone it scrolls sideways inside its own box; the page does not. */
export function PatternsTable(props: PatternsTableProps) {
  const {
    rows,
    showBrand,
    sort,
    dir,
    onSort,
    selected,
    lockedReason,
    onToggle,
    onToggleAll,
    onDelete,
    skeletonRows,
    refreshing,
  } = props;
  const selectable = (rows ?? []).filter((r) => !lockedReason(r));
  const allOn = selectable.length > 0 && selectable.every((r) => selected.has(r.ID));
  const someOn = selectable.some((r) => selected.has(r.ID));
  const allBox = useRef<HTMLInputElement>(null);
  useEffect(() => {
    if (allBox.current) allBox.current.indeterminate = someOn && !allOn;
  }, [someOn, allOn]);
  const header = { sort, dir, onSort };
  const columns = showBrand ? 11 : 10;

  return (
    <div
      className="relative overflow-x-auto rounded-lg border border-gray-200 bg-white shadow-sm"
      role="region"
      aria-label="Patterns"
      tabIndex={0}
    >
      <table
        className={`w-full min-w-[52rem] border-collapse text-sm transition-opacity ${refreshing ? 'opacity-60' : ''}`}
        aria-busy={!rows || refreshing}
      >
        <caption className="sr-only">Your patterns. Column headers sort the table.</caption>
        <thead className="text-gray-800">
          <tr className="bg-gray-100">
            <th scope="col" className="w-10 px-3 py-2 text-left">
              <input
                ref={allBox}
                type="checkbox"
                className="h-4 w-4 accent-ink"
                checked={allOn}
                disabled={selectable.length === 0}
                onChange={(e) => onToggleAll(e.target.checked)}
                aria-label="Select all patterns on this page"
              />
            </th>
            <th scope="col" className="w-14 px-1 py-2">
              <span className="sr-only">Photo</span>
            </th>
            <SortHeader label="Pattern ID" column="SFCC_Pattern_ID" {...header} />
            <SortHeader label="Pattern Name" column="Pattern_Name" {...header} />
            {showBrand && <SortHeader label="Brand" column="brand" {...header} />}
            <SortHeader label="Pattern Type" column="Type" {...header} />
            <SortHeader label="Gender" column="Gender" {...header} />
            <SortHeader
              label="Price"
              column="Price"
              {...header}
              firstDir="desc"
              className="text-right"
            />
            <SortHeader label="Status" column="status" {...header} />
            <SortHeader label="Updated" column="updatedAt" {...header} firstDir="desc" />
            <th scope="col" className={`px-3 py-2 text-right ${STICKY_ACTIONS}`}>
              <span className="sr-only">Actions</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {rows ? (
            rows.map((row) => (
              <PatternRow
                key={row.ID}
                row={row}
                showBrand={showBrand}
                selected={selected.has(row.ID)}
                lockedReason={lockedReason(row)}
                onToggle={onToggle}
                onDelete={onDelete}
              />
            ))
          ) : (
            <SkeletonRows rows={skeletonRows} columns={columns} />
          )}
        </tbody>
      </table>
    </div>
  );
}
