import { useMemo, type ReactNode } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { Link } from 'react-router';
import {
  SIZE_LABELS as L,
  SIZE_TEMPLATE_FIELDS,
  SizeFieldsSchema,
  type Size,
  type SizeFields,
  type SizeFieldsInput,
} from '../../../../shared/contracts/sizes';
import { FILE_PATHS } from '../../../../shared/contracts/files';
import { MSG } from '../../../../shared/messages';
import { useDownloadFile } from '../../../lib/download';
import { toast } from '../../../lib/toast';
import { reportFormError } from '../../../lib/form-errors';
import { inputClass } from '../../../components/text-field';
import { Spinner } from '../../../components/spinner';
import { useUpdateSize } from '../api/update-size';
import { STICKY_ACTIONS, STICKY_SIZE, STICKY_VIEW } from '../../../components/table-classes';
import { useUnsavedChanges } from '../../../lib/unsaved-changes';

interface SizeRowProps {
  size: Size;
  patternId: number;
  selected: boolean;
  onSelect(selected: boolean): void;
  editing: boolean;
  onEdit(editing: boolean): void;
  onDelete(): void;
  /** A reviewer's notes on this size, in a row of their own right under it. */
  note?: ReactNode;
  /** The PDF's first page, beside its name. */
  pdfThumb?: ReactNode;
}

const cell = 'px-3 py-2 align-top';
const action =
  'rounded px-2 py-1 text-sm font-semibold text-blue-800 underline-offset-2 hover:underline';

/** The size's whole record: the row edits view, size and VariationID; template fields go back unchanged. */
function toInput(s: Size): SizeFieldsInput {
  const out: Record<string, string> = {
    pattern_view: s.pattern_view,
    Size: s.Size,
    VariationID: s.VariationID,
  };
  for (const f of SIZE_TEMPLATE_FIELDS) out[f] = s[f] ?? '';
  return out as SizeFieldsInput;
}

/** One size in the pattern's table, read-only or edited in place ('Successfully Update Record'). */
export function SizeRow({
  size,
  patternId,
  selected,
  onSelect,
  editing,
  onEdit,
  onDelete,
  note,
  pdfThumb,
}: SizeRowProps) {
  const update = useUpdateSize(patternId);
  const download = useDownloadFile();
  const current = useMemo(() => toInput(size), [size]);
  const {
    register,
    handleSubmit,
    setError,
    reset,
    formState: { errors, isDirty },
  } = useForm<SizeFieldsInput, unknown, SizeFields>({
    resolver: zodResolver(SizeFieldsSchema),
    values: current,
  });
  useUnsavedChanges(editing && isDirty);

  const save = handleSubmit(async (data) => {
    try {
      const res = await update.mutateAsync({ sizeId: size.ID, data, version: size.version });
      toast.success(res.message || MSG.sizeUpdated);
      onEdit(false);
    } catch (err) {
      reportFormError(err, setError, {
        fields: ['pattern_view', 'Size', 'VariationID'],
        fallback: MSG.sizeUpdateFailed,
      });
    }
  });
  const cancel = () => {
    reset(current);
    onEdit(false);
  };
  const keys = (e: React.KeyboardEvent) => {
    if (e.key === 'Enter') void save();
    if (e.key === 'Escape') cancel();
  };
  const input = (name: 'pattern_view' | 'Size' | 'VariationID', required = false) => (
    <div>
      <input
        {...register(name)}
        aria-label={`${L[name]} of size ${size.Size}`}
        aria-invalid={errors[name] ? true : undefined}
        aria-required={required || undefined}
        onKeyDown={keys}
        className={`${inputClass(errors[name]?.message)} min-w-0 md:min-w-24`}
      />
      {errors[name] && (
        <p className="mt-1 text-xs text-red-700" role="alert">
          {errors[name]?.message}
        </p>
      )}
    </div>
  );

  const rowClass = selected ? 'bg-brand-tint' : 'bg-white';
  return (
    <>
      <tr className={`border-t border-gray-200 ${rowClass}`} data-testid="size-row">
        <td className={cell}>
          <input
            type="checkbox"
            checked={selected}
            onChange={(e) => onSelect(e.target.checked)}
            aria-label={`Select size ${size.Size} (view ${size.pattern_view})`}
            className="h-4 w-4"
          />
        </td>
        {editing ? (
          <>
            <td className={`${cell} ${STICKY_VIEW}`}>{input('pattern_view', true)}</td>
            <td className={`${cell} ${STICKY_SIZE}`}>{input('Size', true)}</td>
            <td className={cell}>{input('VariationID')}</td>
          </>
        ) : (
          <>
            <td className={`${cell} ${STICKY_VIEW}`}>{size.pattern_view}</td>
            <td className={`${cell} ${STICKY_SIZE} font-semibold`}>
              <Link
                to={`/app/show-records/${patternId}/${size.ID}`}
                className="text-blue-800 underline-offset-2 hover:underline"
              >
                {size.Size}
              </Link>
            </td>
            <td className={`${cell} min-w-36 break-all`}>{size.VariationID}</td>
          </>
        )}
        <td className={cell}>
          {size.pdf ? (
            <div className="flex items-start gap-2">
              {pdfThumb}
              {/* At least 10rem for the name: on a phone the table scrolls instead of wrapping it letter by letter. */}
              <button
                type="button"
                className={`${action} min-w-40 break-all text-left`}
                aria-label={`Download ${size.pdf.fileName}`}
                onClick={() =>
                  download.mutate({
                    path: FILE_PATHS.download(size.pdf!.id),
                    fileName: size.pdf!.fileName,
                  })
                }
              >
                {size.pdf.fileName}
              </button>
            </div>
          ) : (
            <span className="text-red-800">{MSG.patternPdfRequired}</span>
          )}
        </td>
        <td className={`${cell} text-right`}>{size.piecesCount}</td>
        <td className={`${cell} whitespace-nowrap ${STICKY_ACTIONS}`}>
          {/* On a phone the pinned actions stand one above the other (the row is as tall as the
              PDF's thumbnail anyway), leaving more of the scrolled columns in view. */}
          <div className="flex max-md:flex-col max-md:items-start">
            {editing ? (
              <>
                <button
                  type="button"
                  className={action}
                  onClick={() => void save()}
                  disabled={update.isPending}
                >
                  {update.isPending ? <Spinner /> : 'Save'}
                </button>
                <button
                  type="button"
                  className={action}
                  onClick={cancel}
                  disabled={update.isPending}
                >
                  Cancel
                </button>
              </>
            ) : (
              <>
                <button
                  type="button"
                  className={action}
                  onClick={() => onEdit(true)}
                  aria-label={`Edit size ${size.Size} (view ${size.pattern_view})`}
                >
                  Edit
                </button>
                {/* On a phone the Size link opens the size; the pinned actions stay narrow. */}
                <Link
                  to={`/app/show-records/${patternId}/${size.ID}`}
                  className={`${action} max-md:hidden`}
                  aria-label={`Open size ${size.Size} (view ${size.pattern_view})`}
                >
                  Open
                </Link>
                <button
                  type="button"
                  className={`${action} text-red-800`}
                  onClick={onDelete}
                  aria-label={`Delete size ${size.Size} (view ${size.pattern_view})`}
                >
                  Delete
                </button>
              </>
            )}
          </div>
        </td>
      </tr>
      {note && (
        <tr className={rowClass} data-testid="size-note-row">
          <td colSpan={7} className="px-3 pb-2">
            {/* Pinned to the visible part of the scrolled table, so a phone reads it whole. */}
            <div className="sticky left-3 max-w-[calc(100vw-4.5rem)] md:max-w-none">{note}</div>
          </td>
        </tr>
      )}
    </>
  );
}
