import { useMemo } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import {
  SIZE_LABELS as L,
  SIZE_TEMPLATE_FIELDS,
  SizeFieldsSchema,
  type Size,
  type SizeFields,
  type SizeFieldsInput,
} from '../../../../shared/contracts/sizes';
import { MSG } from '../../../../shared/messages';
import { toast } from '../../../lib/toast';
import { reportFormError } from '../../../lib/form-errors';
import { TextArea, TextField } from '../../../components/text-field';
import { Button } from '../../../components/button';
import { Spinner } from '../../../components/spinner';
import { useUpdateSize } from '../api/update-size';
import { useUnsavedChanges } from '../../../lib/unsaved-changes';

type Name = keyof SizeFieldsInput;
/** The template fields of spec section 3, grouped as a person reads them. */
const GROUPS: { title: string; names: Name[]; columns: string }[] = [
  { title: 'Template', names: ['Design_id', 'Mannequin_id'], columns: 'sm:grid-cols-2' },
  {
    title: 'Yardage',
    names: [
      'Garment_45',
      'Garment_55',
      'Garment_60',
      'Lining_45',
      'Lining_55',
      'Lining_60',
      'Interfacing_20',
      'Interfacing_45',
      'Other_20',
      'Other_45',
    ],
    columns: 'sm:grid-cols-2 lg:grid-cols-3',
  },
  {
    title: 'Environments',
    names: ['Prod_Status', 'Staging_Status', 'PreProd_Status'],
    columns: 'sm:grid-cols-3',
  },
];
const ERRORS: Name[] = ['Prod_Error', 'Staging_Error', 'PreProd_Error'];

function toInput(s: Size): SizeFieldsInput {
  const out: Record<string, string> = {
    pattern_view: s.pattern_view,
    Size: s.Size,
    VariationID: s.VariationID,
  };
  for (const f of SIZE_TEMPLATE_FIELDS) out[f] = s[f] ?? '';
  return out as SizeFieldsInput;
}

/** Every field of a size, template fields included ('Successfully Update Record' / 'Failed Update Record'). */
export function SizeFieldsForm({ size }: { size: Size }) {
  const update = useUpdateSize(size.patternId);
  const current = useMemo(() => toInput(size), [size]);
  const {
    register,
    handleSubmit,
    setError,
    reset,
    getValues,
    formState: { errors, isDirty },
  } = useForm<SizeFieldsInput, unknown, SizeFields>({
    resolver: zodResolver(SizeFieldsSchema),
    values: current,
  });

  useUnsavedChanges(isDirty);

  const onSubmit = handleSubmit(
    async (data) => {
      try {
        const res = await update.mutateAsync({ sizeId: size.ID, data, version: size.version });
        // Saved: nothing is unsaved any more, before the size is read again (leaving right after
        // the toast asked "leave without saving?" until that read came back).
        reset(getValues());
        toast.success(res.message || MSG.sizeUpdated);
      } catch (err) {
        reportFormError(err, setError, {
          fields: (n) => n in SizeFieldsSchema.shape,
          fallback: MSG.sizeUpdateFailed,
        });
      }
    },
    () => toast.info(MSG.checkRequired),
  );
  const field = (n: Name, required = false) => (
    <TextField
      key={n}
      label={L[n]}
      required={required}
      {...register(n)}
      error={errors[n]?.message}
    />
  );

  return (
    <form
      onSubmit={onSubmit}
      noValidate
      aria-label="Size fields"
      className="grid gap-5 rounded-lg border border-gray-200 bg-white p-4 shadow-sm"
    >
      <h2 className="text-xl font-bold">Size details</h2>
      <div className="grid gap-4 sm:grid-cols-3">
        {field('pattern_view', true)}
        {field('Size', true)}
        {field('VariationID')}
      </div>
      {GROUPS.map((g) => (
        <fieldset key={g.title} className="grid gap-3">
          <legend className="mb-2 text-sm font-bold uppercase tracking-wide text-gray-700">
            {g.title}
          </legend>
          <div className={`grid gap-4 ${g.columns}`}>{g.names.map((n) => field(n))}</div>
        </fieldset>
      ))}
      <div className="grid gap-4 lg:grid-cols-3">
        {ERRORS.map((n) => (
          <TextArea key={n} label={L[n]} rows={2} {...register(n)} error={errors[n]?.message} />
        ))}
      </div>
      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <Button
          variant="secondary"
          onClick={() => reset(current)}
          disabled={!isDirty || update.isPending}
        >
          Undo changes
        </Button>
        <Button type="submit" disabled={update.isPending}>
          {update.isPending && <Spinner />}
          Save size
        </Button>
      </div>
    </form>
  );
}
