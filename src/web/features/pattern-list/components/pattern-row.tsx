import type { MouseEvent } from 'react';
import { Link, useNavigate } from 'react-router';
import type { PatternListRow } from '../../../../shared/contracts/pattern-list';
import { StatusBadge } from './status-badge';
import { formatDate, formatPrice, formatTime } from '../../../lib/format';
import { STICKY_ACTIONS } from '../../../components/table-classes';
import { LazyThumbnail } from '../../../components/lazy-thumbnail';
import { THUMBNAIL_PATHS } from '../../../../shared/contracts/preflight-paths';

interface PatternRowProps {
  row: PatternListRow;
  showBrand: boolean;
  selected: boolean;
  /** Why this row cannot be deleted by the signed-in user, if it cannot. */
  lockedReason?: string;
  onToggle(id: number): void;
  onDelete(row: PatternListRow): void;
}

/**
 * One pattern. The whole row opens it (a click anywhere but the checkbox and the actions, which keep
 * their own clicks); from the keyboard the Pattern ID and the name are links.
 */
export function PatternRow({
  row,
  showBrand,
  selected,
  lockedReason,
  onToggle,
  onDelete,
}: PatternRowProps) {
  const navigate = useNavigate();
  const to = `/app/show-records/${row.ID}`;
  const openRow = (e: MouseEvent<HTMLTableRowElement>) => {
    const target = e.target as HTMLElement;
    if (target.closest('a, button, input, label, [data-row-own-click]')) return;
    if (window.getSelection()?.toString()) return; // selecting text to copy it does not navigate
    navigate(to);
  };
  return (
    <tr
      onClick={openRow}
      className={`cursor-pointer border-t border-gray-200 ${selected ? 'bg-brand-tint' : 'bg-white hover:bg-gray-50'}`}
    >
      <td className="w-10 px-3 py-2" data-row-own-click>
        <input
          type="checkbox"
          className="h-4 w-4 accent-ink"
          checked={selected}
          disabled={Boolean(lockedReason)}
          title={lockedReason}
          onChange={() => onToggle(row.ID)}
          aria-label={`Select ${row.SFCC_Pattern_ID}`}
        />
      </td>
      <td className="w-14 px-1 py-1">
        <LazyThumbnail
          url={row.heroFileId ? THUMBNAIL_PATHS.thumbnail(row.heroFileId, 'small') : null}
          alt={`Main hero photo of ${row.SFCC_Pattern_ID}`}
          className="h-10 w-10"
        />
      </td>
      <td className="px-3 py-2 whitespace-nowrap">
        <Link to={to} className="font-medium text-blue-800 underline-offset-2 hover:underline">
          {row.SFCC_Pattern_ID}
        </Link>
        {/* On a phone the Status column is off to the side: the status shows under the ID (issue 34). */}
        <div className="mt-1 sm:hidden" data-testid="row-status-phone">
          <StatusBadge
            status={row.SFCC_Status}
            editStatus={row.editStatus}
            storefront={row.storefront}
          />
        </div>
      </td>
      <td className="max-w-[16rem] min-w-[9rem] px-3 py-2">
        <Link
          to={to}
          className="line-clamp-2 wrap-anywhere text-ink underline-offset-2 hover:underline"
        >
          {row.Pattern_Name}
        </Link>
      </td>
      {showBrand && <td className="px-3 py-2 whitespace-nowrap">{row.brandName}</td>}
      <td className="px-3 py-2 whitespace-nowrap">{row.Type ?? <Empty />}</td>
      <td className="px-3 py-2 whitespace-nowrap">{row.Gender ?? <Empty />}</td>
      <td className="px-3 py-2 text-right whitespace-nowrap tabular-nums">
        {row.Price === null ? <Empty /> : formatPrice(row.Price)}
      </td>
      <td className="px-3 py-2">
        <StatusBadge
          status={row.SFCC_Status}
          editStatus={row.editStatus}
          storefront={row.storefront}
        />
      </td>
      <td className="px-3 py-2 whitespace-nowrap text-gray-800">
        <time dateTime={row.updatedAt} className="flex flex-col leading-tight">
          <span>{formatDate(row.updatedAt)}</span>
          <span className="text-xs text-gray-600">{formatTime(row.updatedAt)}</span>
        </time>
      </td>
      <td className={`px-3 py-2 text-right ${STICKY_ACTIONS}`} data-row-own-click>
        <button
          type="button"
          onClick={() => onDelete(row)}
          disabled={Boolean(lockedReason)}
          title={lockedReason ?? `Delete ${row.SFCC_Pattern_ID}`}
          aria-label={`Delete ${row.SFCC_Pattern_ID}`}
          className="rounded p-1.5 text-red-800 hover:bg-red-50 disabled:cursor-not-allowed disabled:text-gray-400 disabled:hover:bg-transparent"
        >
          <svg aria-hidden viewBox="0 0 20 20" className="h-4 w-4 fill-current">
            <path d="M7 2h6l1 2h4v2H2V4h4l1-2zm-3 5h12l-1 11H5L4 7zm4 2v7h1.5V9H8zm2.5 0v7H12V9h-1.5z" />
          </svg>
        </button>
      </td>
    </tr>
  );
}

function Empty() {
  return (
    <span className="text-gray-400" aria-label="not set">
      —
    </span>
  );
}
