import { STATUS_LABELS, type PatternStatus } from '../../../../shared/options';
import type { EditStatus } from '../../../../shared/contracts/lifecycle';
import type { ListStorefrontKind } from '../../../../shared/contracts/pattern-list';
import { EditStatusBadge } from '../../../components/edit-status-badge';
import { StorefrontBadge } from './storefront-badge';

const styles: Record<PatternStatus, string> = {
  draft: 'bg-gray-100 text-gray-800 ring-gray-300',
  in_review: 'bg-blue-50 text-blue-900 ring-blue-300',
  changes_requested: 'bg-amber-50 text-amber-900 ring-amber-400',
  published: 'bg-green-50 text-green-900 ring-green-400',
};

/** Draft / In review / Changes requested / Published: the text carries the meaning, the colour only helps. */
export function StatusBadge({
  status,
  editStatus = null,
  storefront,
}: {
  status: PatternStatus;
  /** A published pattern's waiting edit, as a second badge. */
  editStatus?: EditStatus | null;
  /** Admins: the storefront outcome (list rows), as one more badge. */
  storefront?: ListStorefrontKind;
}) {
  const main = (
    <span
      className={`inline-flex whitespace-nowrap rounded-full px-2 py-0.5 text-xs font-semibold ring-1 ring-inset ${styles[status]}`}
    >
      {STATUS_LABELS[status]}
    </span>
  );
  if (!editStatus && !storefront) return main;
  return (
    <span className="inline-flex flex-wrap gap-1">
      {main}
      {editStatus && <EditStatusBadge editStatus={editStatus} />}
      {storefront && <StorefrontBadge kind={storefront} />}
    </span>
  );
}
