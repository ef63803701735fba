import { useEffect, useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import {
  PIECE_LABELS as L,
  PieceFieldsSchema,
  type Piece,
  type PieceFields,
  type PieceFieldsInput,
} from '../../../../shared/contracts/pieces';
import { MSG } from '../../../../shared/messages';
import { toast } from '../../../lib/toast';
import { reportFormError } from '../../../lib/form-errors';
import { TextArea, TextField } from '../../../components/text-field';
import { Button } from '../../../components/button';
import { Spinner } from '../../../components/spinner';
import { useSavePiece } from '../api/save-piece';
import { Modal } from '../../../components/modal';
import { LeaveDialog } from '../../../components/leave-dialog';
import { useUnsavedChanges } from '../../../lib/unsaved-changes';

type Name = keyof PieceFieldsInput;
const EMPTY: PieceFieldsInput = {
  Piece_Number: '',
  pattern_view: '',
  Piece_Description: '',
  Fabric_Category: '',
  Cut_Quantity: '',
  Fold: '',
  Patterns_SVG: '',
  Contrast: '',
};

function toInput(p: Piece | undefined, view: string): PieceFieldsInput {
  if (!p) return { ...EMPTY, pattern_view: view };
  const out: Record<string, unknown> = {};
  for (const k of Object.keys(EMPTY)) out[k] = (p as unknown as Record<string, unknown>)[k] ?? '';
  return out as PieceFieldsInput;
}

interface PieceDialogProps {
  sizeId: number;
  /** The size's view, proposed for a new piece. */
  view: string;
  /** The piece to edit; undefined to add one. */
  piece: Piece | undefined;
  open: boolean;
  onClose(): void;
}

/** Adds or edits one piece of a size. */
export function PieceDialog({ sizeId, view, piece, open, onClose }: PieceDialogProps) {
  const save = useSavePiece(sizeId);
  const {
    register,
    handleSubmit,
    reset,
    setError,
    formState: { errors, isDirty },
  } = useForm<PieceFieldsInput, unknown, PieceFields>({
    resolver: zodResolver(PieceFieldsSchema),
    defaultValues: toInput(piece, view),
  });
  useUnsavedChanges(open && isDirty);
  // Cancel, Close, Escape and a click outside ask first when something was typed.
  const [askClose, setAskClose] = useState(false);
  const requestClose = () => {
    if (save.isPending) return;
    if (isDirty) setAskClose(true);
    else onClose();
  };
  useEffect(() => {
    if (open) reset(toInput(piece, view));
  }, [open, piece, view, reset]);

  const onSubmit = handleSubmit(
    async (body) => {
      try {
        const res = await save.mutateAsync({ body, pieceId: piece?.ID });
        toast.success(res.message);
        onClose();
      } catch (err) {
        reportFormError(err, setError, {
          fields: (n) => n in EMPTY,
          fallback: 'The piece could not be saved',
        });
      }
    },
    () => toast.info(MSG.checkRequired),
  );
  const text = (n: Name, extra: Record<string, unknown> = {}) => (
    <TextField label={L[n]} {...register(n)} error={errors[n]?.message} {...extra} />
  );

  return (
    <Modal
      open={open}
      onClose={requestClose}
      title={piece ? `Edit piece ${piece.Piece_Number}` : 'Add piece'}
      size="lg"
    >
      <form onSubmit={onSubmit} noValidate className="grid gap-4">
        <div className="grid gap-4 sm:grid-cols-3">
          {text('Piece_Number', { required: true, autoFocus: true })}
          {text('pattern_view')}
          {text('Cut_Quantity', { type: 'number', inputMode: 'numeric', min: 0, step: 1 })}
          {text('Fabric_Category')}
          {text('Fold', { hint: 'e.g. Yes, No, On fold' })}
          {text('Contrast')}
        </div>
        <TextArea
          label={L.Piece_Description}
          rows={2}
          {...register('Piece_Description')}
          error={errors.Piece_Description?.message}
        />
        {text('Patterns_SVG', { hint: 'File name or path of the piece outline' })}
        <div className="flex flex-col-reverse gap-2 border-t border-gray-200 pt-4 sm:flex-row sm:justify-end">
          <Button variant="secondary" onClick={requestClose} disabled={save.isPending}>
            Cancel
          </Button>
          <Button type="submit" disabled={save.isPending}>
            {save.isPending && <Spinner />}
            {piece ? 'Save piece' : 'Add piece'}
          </Button>
        </div>
      </form>
      <LeaveDialog
        open={askClose}
        onStay={() => setAskClose(false)}
        onLeave={() => {
          setAskClose(false);
          onClose();
        }}
      />
    </Modal>
  );
}
