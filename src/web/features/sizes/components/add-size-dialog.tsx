import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import {
  SIZE_LABELS as L,
  SizeFieldsSchema,
  type SizeFields,
  type SizeFieldsInput,
} from '../../../../shared/contracts/sizes';
import { MSG } from '../../../../shared/messages';
import { toast } from '../../../lib/toast';
import { reportFormError } from '../../../lib/form-errors';
import { TextField } from '../../../components/text-field';
import { Button } from '../../../components/button';
import { Spinner } from '../../../components/spinner';
import { useAddSize } from '../api/add-size';
import { Modal } from '../../../components/modal';
import { PdfInput } from './pdf-input';

const EMPTY: SizeFieldsInput = { pattern_view: '', Size: '', VariationID: '' };

/** Adds a size with its PDF ('Successfully Added Size'); the dialog closes and the count goes up. */
export function AddSizeDialog({
  patternId,
  open,
  onClose,
}: {
  patternId: number;
  open: boolean;
  onClose(): void;
}) {
  const add = useAddSize(patternId);
  const [pdf, setPdf] = useState<File>();
  const [pdfError, setPdfError] = useState<string>();
  const {
    register,
    handleSubmit,
    reset,
    setError,
    formState: { errors },
  } = useForm<SizeFieldsInput, unknown, SizeFields>({
    resolver: zodResolver(SizeFieldsSchema),
    defaultValues: EMPTY,
  });

  const close = () => {
    if (add.isPending) return;
    reset(EMPTY);
    setPdf(undefined);
    setPdfError(undefined);
    onClose();
  };

  const onSubmit = handleSubmit(
    async (data) => {
      if (!pdf) return setPdfError(MSG.patternPdfRequired);
      try {
        const res = await add.mutateAsync({ data, pdf });
        toast.success(res.message || MSG.sizeAdded);
        reset(EMPTY);
        setPdf(undefined);
        onClose();
      } catch (err) {
        reportFormError(err, setError, {
          fields: ['pattern_view', 'Size', 'VariationID'],
          other: { pattern_pdf_file: setPdfError },
          fallback: MSG.sizeUpdateFailed,
        });
      }
    },
    () => !pdf && setPdfError(MSG.patternPdfRequired),
  );

  return (
    <Modal open={open} onClose={close} title="Add Size">
      <form id="add-size-form" onSubmit={onSubmit} noValidate className="grid gap-4">
        <div className="grid gap-4 sm:grid-cols-2">
          <TextField
            label={L.pattern_view}
            required
            autoFocus
            {...register('pattern_view')}
            error={errors.pattern_view?.message}
          />
          <TextField label={L.Size} required {...register('Size')} error={errors.Size?.message} />
        </div>
        <TextField
          label={L.VariationID}
          hint="Left empty, it is made from the Pattern ID, view and size."
          {...register('VariationID')}
          error={errors.VariationID?.message}
        />
        <PdfInput
          label="Pattern PDF"
          required
          file={pdf}
          onChange={(f) => {
            setPdf(f);
            setPdfError(undefined);
          }}
          error={pdfError}
        />
        <div className="flex flex-col-reverse gap-2 border-t border-gray-200 pt-4 sm:flex-row sm:justify-end">
          <Button variant="secondary" onClick={close} disabled={add.isPending}>
            Cancel
          </Button>
          <Button type="submit" disabled={add.isPending}>
            {add.isPending && <Spinner />}
            Add Size
          </Button>
        </div>
      </form>
    </Modal>
  );
}
