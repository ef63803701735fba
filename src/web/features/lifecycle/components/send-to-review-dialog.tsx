import type { PatternDetail } from '../../../../shared/contracts/pattern-detail';
import {
  openNotes,
  sendAnywayTitle,
  type ReviewNote,
} from '../../../../shared/contracts/lifecycle';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { MissingList } from './missing-list';
import { OpenNotesList } from './open-notes-list';

interface SendToReviewDialogProps {
  open: boolean;
  pattern: Pick<PatternDetail, 'SFCC_Pattern_ID' | 'missing'>;
  /** The notes of the open request (sent back), addressed or not; none for a first send. */
  notes: ReviewNote[] | undefined;
  busy: boolean;
  onConfirm(): void;
  onClose(): void;
}

/**
 * Asks before sending to review: what is missing (nothing can be sent then), or, when the notes
 * it was sent back with are not all addressed, "1 of 2 notes not addressed — send anyway?" with
 * those notes (issue 48; docs/product-decisions.md "Lifecycle of a pattern").
 */
export function SendToReviewDialog({
  open,
  pattern,
  notes = [],
  busy,
  onConfirm,
  onClose,
}: SendToReviewDialogProps) {
  const missing = pattern.missing.length > 0;
  const unaddressed = openNotes(notes);
  const warn = !missing && unaddressed.length > 0;
  return (
    <ConfirmDialog
      open={open}
      title={warn ? sendAnywayTitle(unaddressed.length, notes.length) : 'Send to review'}
      confirmLabel={warn ? 'Send anyway' : 'Send to review'}
      onConfirm={onConfirm}
      onClose={onClose}
      busy={busy}
      disabled={missing}
    >
      {missing ? (
        <MissingList
          missing={pattern.missing}
          intro="This pattern cannot be sent to review until it is complete:"
        />
      ) : warn ? (
        <>
          <p>
            {unaddressed.length === 1 ? 'This note is' : 'These notes are'} not ticked as addressed:
          </p>
          <OpenNotesList notes={unaddressed} testId="send-open-notes" brief />
          <p className="mt-3">
            The reviewer will see which notes are still open. Send anyway if you have dealt with
            them another way; otherwise cancel, make the changes and tick each note.
          </p>
        </>
      ) : (
        <p>
          <strong>{pattern.SFCC_Pattern_ID}</strong> will be uploaded to the test environment, where
          the publisher checks its fields, photos and PDFs before it goes to production.
        </p>
      )}
    </ConfirmDialog>
  );
}
