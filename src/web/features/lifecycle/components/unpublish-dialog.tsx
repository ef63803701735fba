import { useState } from 'react';
import { REVIEW_LIMITS } from '../../../../shared/contracts/lifecycle';
import { Button } from '../../../components/button';
import { Modal } from '../../../components/modal';
import { Spinner } from '../../../components/spinner';
import { TextArea } from '../../../components/text-field';
import { toast } from '../../../lib/toast';
import { useUnpublish } from '../api/unpublish';

/** Admin: withdraw a published pattern back to draft, with the reason the brand is told. */
export function UnpublishDialog({
  patternId,
  patternCode,
  open,
  onClose,
}: {
  patternId: number;
  patternCode: string;
  open: boolean;
  onClose(): void;
}) {
  const mutation = useUnpublish(patternId);
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string>();
  const submit = () => {
    if (!reason.trim()) return setError('Reason is required');
    setError(undefined);
    mutation.mutate(
      { reason },
      {
        onSuccess: (res) => {
          toast.success(res.message);
          setReason('');
          onClose();
        },
      },
    );
  };
  return (
    <Modal
      open={open}
      title="Unpublish"
      onClose={mutation.isPending ? () => undefined : onClose}
      footer={
        <>
          <Button variant="secondary" onClick={onClose} disabled={mutation.isPending}>
            Cancel
          </Button>
          <Button variant="danger" onClick={submit} disabled={mutation.isPending}>
            {mutation.isPending && <Spinner />}
            Unpublish
          </Button>
        </>
      }
    >
      <div className="flex flex-col gap-3">
        <p>
          <strong>{patternCode}</strong> leaves production and becomes a draft again. Its brand is
          told why.
        </p>
        <TextArea
          label="Reason"
          required
          value={reason}
          maxLength={REVIEW_LIMITS.reasonMax}
          onChange={(e) => {
            setReason(e.target.value);
            if (e.target.value.trim()) setError(undefined);
          }}
          error={error}
        />
      </div>
    </Modal>
  );
}
