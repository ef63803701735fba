import { useState } from 'react';
import { useNavigate } from 'react-router';
import type { PatternDetail } from '../../../../shared/contracts/pattern-detail';
import { MSG } from '../../../../shared/messages';
import { useAuth } from '../../../lib/auth';
import { toast, toastError } from '../../../lib/toast';
import { Button } from '../../../components/button';
import { useDeletePattern } from '../api/delete-pattern';
import { ConfirmDialog } from './confirm-dialog';

/** Deletes the pattern with its sizes and files, after a confirm; a user cannot delete a published one. */
export function DeletePatternButton({ pattern }: { pattern: PatternDetail }) {
  const { isAdmin } = useAuth();
  const navigate = useNavigate();
  const del = useDeletePattern(pattern.ID);
  const [open, setOpen] = useState(false);
  const locked = !isAdmin && pattern.SFCC_Status === 'published';
  const onConfirm = () =>
    del.mutate(undefined, {
      onSuccess: () => {
        toast.success(MSG.deleted);
        setOpen(false);
        navigate('/app/show-records', { replace: true });
      },
      onError: (err) => toastError(err, MSG.deleteFailed),
    });
  return (
    <>
      <Button variant="danger" onClick={() => setOpen(true)} disabled={locked} title={locked ? 'A published pattern cannot be deleted. Ask an admin to delete it.' : undefined}>
        Delete pattern
      </Button>
      <ConfirmDialog open={open} title="Delete pattern" confirmLabel="Delete" danger busy={del.isPending} onConfirm={onConfirm} onClose={() => setOpen(false)}>
        <p>
          Delete <strong>{pattern.SFCC_Pattern_ID}</strong> ({pattern.Pattern_Name}) with its {pattern.sizesCount} {pattern.sizesCount === 1 ? 'size' : 'sizes'}, PDFs
          and images? This cannot be undone.
        </p>
        {pattern.SFCC_Status === 'published' && <p className="mt-2 font-semibold text-red-800">This pattern is published: customers will no longer find it.</p>}
      </ConfirmDialog>
    </>
  );
}
