import { useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import type { PatternDetail } from '../../../../shared/contracts/pattern-detail';
import { DELETE_MSG } from '../../../../shared/contracts/pattern-list-paths';
import { useAuth } from '../../../lib/auth';
import { toastMovedToTrash } from '../../../lib/toast';
import { Button } from '../../../components/button';
import { useDeletePattern } from '../api/delete-pattern';
import { restorePattern } from '../api/restore-pattern';
import { ConfirmDialog } from '../../../components/confirm-dialog';

/** Deletes the pattern with its sizes and files (to the Trash), after a confirm; a user cannot delete a published one. */
export function DeletePatternButton({ pattern }: { pattern: PatternDetail }) {
  const { isAdmin } = useAuth();
  const navigate = useNavigate();
  const del = useDeletePattern(pattern.ID);
  const qc = useQueryClient();
  const [open, setOpen] = useState(false);
  const locked = !isAdmin && pattern.SFCC_Status === 'published';
  const onConfirm = () =>
    del.mutate(undefined, {
      onSuccess: () => {
        // The pattern waits in the Trash: Undo brings it back (the list shows it again).
        toastMovedToTrash([pattern.ID], (ids) => void restorePattern(qc, ids));
        setOpen(false);
        navigate('/app/show-records', { replace: true });
      },
    });
  return (
    <>
      <div className="flex flex-col gap-1 sm:items-end">
        <Button
          variant="danger"
          className="whitespace-nowrap"
          onClick={() => setOpen(true)}
          disabled={locked}
          aria-describedby={locked ? 'delete-locked' : undefined}
        >
          Delete pattern
        </Button>
        {locked && (
          <p id="delete-locked" className="text-xs text-gray-700">
            {DELETE_MSG.publishedOne}
          </p>
        )}
      </div>
      <ConfirmDialog
        open={open}
        title="Delete pattern"
        confirmLabel="Delete"
        danger
        busy={del.isPending}
        onConfirm={onConfirm}
        onClose={() => setOpen(false)}
      >
        <p>
          Delete <strong>{pattern.SFCC_Pattern_ID}</strong> ({pattern.Pattern_Name}) with its{' '}
          {pattern.sizesCount} {pattern.sizesCount === 1 ? 'size' : 'sizes'}, PDFs and images? It
          moves to the Trash, where it can be restored until it is emptied.
        </p>
        {pattern.SFCC_Status === 'published' && (
          <p className="mt-2 font-semibold text-red-800">
            This pattern is published: customers will no longer find it.
          </p>
        )}
      </ConfirmDialog>
    </>
  );
}
