import { STATUS_LABELS, type PatternStatus } from '../../../../shared/options';
import type { EditStatus } from '../../../../shared/contracts/lifecycle';
import type { ListStorefrontKind } from '../../../../shared/contracts/pattern-list';
import { EditStatusBadge } from '../../../components/edit-status-badge';
import { StorefrontBadge } from './storefront-badge';
import { BADGE_CLASS, STATUS_TONE } from '../../../lib/badge-tones';

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
    <span className={`${BADGE_CLASS} ${STATUS_TONE[status]}`}>{STATUS_LABELS[status]}</span>
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
