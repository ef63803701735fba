import { useState } from 'react';
import type { ReviewState } from '../../../../shared/contracts/lifecycle';
import { Button } from '../../../components/button';
import { RequestChangesDialog } from './request-changes-dialog';
import { UnpublishDialog } from './unpublish-dialog';

/** The admin's review actions the server allows now (Request changes, Unpublish), each with its dialog. */
export function ReviewActions({
  patternId,
  patternCode,
  review,
}: {
  patternId: number;
  patternCode: string;
  review: ReviewState;
}) {
  const [open, setOpen] = useState<'changes' | 'unpublish' | null>(null);
  const canRequest = review.allowedActions.includes('requestChanges');
  const canUnpublish = review.allowedActions.includes('unpublish');
  if (!canRequest && !canUnpublish) return null;
  return (
    <>
      {canRequest && (
        <Button variant="secondary" onClick={() => setOpen('changes')}>
          Request changes
        </Button>
      )}
      {canUnpublish && (
        <Button variant="secondary" onClick={() => setOpen('unpublish')}>
          Unpublish
        </Button>
      )}
      <RequestChangesDialog
        patternId={patternId}
        targets={review.targets}
        open={open === 'changes'}
        onClose={() => setOpen(null)}
      />
      <UnpublishDialog
        patternId={patternId}
        patternCode={patternCode}
        open={open === 'unpublish'}
        onClose={() => setOpen(null)}
      />
    </>
  );
}
