import { EDIT_STATUS_TONE } from '../lib/badge-tones';
import { EDIT_STATUS_LABELS, type EditStatus } from '../../shared/contracts/lifecycle-paths';

/** Beside "Published": where the published pattern's waiting edit stands (it stays published meanwhile). */
export function EditStatusBadge({
  editStatus,
  large,
}: {
  editStatus: EditStatus | null;
  large?: boolean;
}) {
  if (!editStatus) return null;
  return (
    <span
      data-testid="pattern-edit-status"
      className={`inline-flex whitespace-nowrap rounded-full font-semibold ring-1 ring-inset ${large ? 'px-3 py-1 text-sm' : 'px-2 py-0.5 text-xs'} ${EDIT_STATUS_TONE[editStatus]}`}
    >
      {EDIT_STATUS_LABELS[editStatus]}
    </span>
  );
}
