import { LIMITS } from '../../shared/limits';
import { Button } from './button';
import { Dropdown } from './dropdown';

const SIZE_OPTIONS = [
  { id: 0, name: 'Rows per page', value: null },
  ...LIMITS.pageSizes.map((n, i) => ({ id: i + 1, name: String(n), value: String(n) })),
];

interface Props {
  /** Accessible name of the navigation, e.g. "Users pages". */
  label: string;
  page: number;
  pageSize: number;
  total: number;
  onPage(page: number): void;
  /** When given, a rows-per-page choice is shown. */
  onPageSize?(size: number): void;
}

/** "Showing 11–20 of 34", optional rows per page, Previous and Next. */
export function Pager({ label, page, pageSize, total, onPage, onPageSize }: Props) {
  const pages = Math.max(1, Math.ceil(total / pageSize));
  const from = total === 0 ? 0 : (page - 1) * pageSize + 1;
  const to = Math.min(total, page * pageSize);
  return (
    <nav
      aria-label={label}
      className="flex flex-col gap-3 text-sm text-gray-700 sm:flex-row sm:items-end sm:justify-between"
    >
      <p aria-live="polite">
        Showing {from}–{to} of {total}
      </p>
      <div className="flex flex-wrap items-end gap-3">
        {onPageSize && (
          <div className="w-32">
            <Dropdown
              label="Rows per page"
              name="pageSize"
              options={SIZE_OPTIONS}
              value={String(pageSize)}
              onChange={(v) => v && onPageSize(Number(v))}
            />
          </div>
        )}
        <Button variant="secondary" disabled={page <= 1} onClick={() => onPage(page - 1)}>
          Previous
        </Button>
        <span>
          Page {Math.min(page, pages)} of {pages}
        </span>
        <Button variant="secondary" disabled={page >= pages} onClick={() => onPage(page + 1)}>
          Next
        </Button>
      </div>
    </nav>
  );
}
