import { Controller, useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import type { PatternDetail } from '../../../../shared/contracts/pattern-detail';
import { PATTERN_LABELS as L, PatternFieldsSchema, type PatternFields, type PatternFieldsInput } from '../../../../shared/contracts/patterns';
import { FABRIC_OPTIONS, GENDER_OPTIONS, PATTERN_TYPE_OPTIONS, PRINTABLE_OPTIONS, SUBSCRIBABLE_OPTIONS, type Option } from '../../../../shared/options';
import { MSG } from '../../../../shared/messages';
import { ApiError } from '../../../lib/api-client';
import { useAuth } from '../../../lib/auth';
import { toast, toastError } from '../../../lib/toast';
import { TextArea, TextField } from '../../../components/text-field';
import { Dropdown } from '../../../components/dropdown';
import { Button } from '../../../components/button';
import { Spinner } from '../../../components/spinner';
import { useUpdatePattern } from '../api/update-pattern';
import { useBrands } from '../api/get-brands';
import { useUnsavedChanges } from '../../../lib/unsaved-changes';

type Name = keyof PatternFieldsInput;
const TEXT: Name[] = ['Suitable_For', 'Pattern_Fit', 'Notion'];
const AREAS: Name[] = ['Technical_Details', 'Pattern_Description', 'Fabric_Recommendation'];
const SELECTS: [Name, Option[]][] = [
  ['Type', PATTERN_TYPE_OPTIONS],
  ['Gender', GENDER_OPTIONS],
  ['Fabric_type', FABRIC_OPTIONS],
  ['Is_Printable', PRINTABLE_OPTIONS],
  ['is_Subscribable', SUBSCRIBABLE_OPTIONS],
];

function defaults(p: PatternDetail): PatternFieldsInput {
  const out: Record<string, unknown> = { Brand: String(p.Brand), Price: p.Price === null ? '' : String(p.Price) };
  for (const k of Object.keys(PatternFieldsSchema.shape)) if (!(k in out)) out[k] = (p as unknown as Record<string, unknown>)[k] ?? '';
  return out as PatternFieldsInput;
}

interface Props {
  pattern: PatternDetail;
  onDone(): void;
}

/**
 * The record's fields in edit mode, with the submission form's schema on both sides: errors show
 * under the inputs (the server's too, e.g. a Pattern ID already taken) and nothing typed is lost.
 */
export function PatternEditForm({ pattern, onDone }: Props) {
  const { isAdmin } = useAuth();
  const brands = useBrands(isAdmin);
  const update = useUpdatePattern(pattern.ID);
  const {
    register,
    control,
    handleSubmit,
    setError,
    setFocus,
    formState: { errors, isDirty },
  } = useForm<PatternFieldsInput, unknown, PatternFields>({ resolver: zodResolver(PatternFieldsSchema), defaultValues: defaults(pattern) });

  useUnsavedChanges(isDirty);

  const brandOptions: Option[] = [
    { id: 0, name: 'Choose Brand', value: null },
    ...(isAdmin && brands.data ? brands.data.data.map((b) => ({ id: b.id, name: b.name, value: String(b.id) })) : [{ id: pattern.Brand, name: pattern.brandName, value: String(pattern.Brand) }]),
  ];

  const onSubmit = handleSubmit(
    async (values) => {
      try {
        const res = await update.mutateAsync(values);
        toast.success(res.message);
        onDone();
      } catch (err) {
        if (err instanceof ApiError) {
          const names = Object.keys(err.fields).filter((n) => n in PatternFieldsSchema.shape) as Name[];
          names.forEach((n) => setError(n, { message: err.fields[n] }));
          if (names[0]) setFocus(names[0]);
        }
        toastError(err);
      }
    },
    () => toast.info(MSG.checkRequired),
  );

  const err = (n: Name) => errors[n]?.message as string | undefined;
  return (
    <form onSubmit={onSubmit} noValidate aria-label="Edit pattern" className="grid gap-4">
      <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
        <TextField label={L.SFCC_Pattern_ID} required {...register('SFCC_Pattern_ID')} error={err('SFCC_Pattern_ID')} />
        <TextField label={L.Pattern_Name} required {...register('Pattern_Name')} error={err('Pattern_Name')} />
        <Controller
          control={control}
          name="Brand"
          render={({ field }) => (
            <Dropdown
              label={L.Brand}
              required
              name="Brand"
              options={brandOptions}
              value={field.value === undefined || field.value === null ? null : String(field.value)}
              onChange={(v) => field.onChange(v ?? '')}
              disabled={!isAdmin}
              error={err('Brand')}
            />
          )}
        />
        {SELECTS.map(([name, options]) => (
          <Controller
            key={name}
            control={control}
            name={name}
            render={({ field }) => (
              <Dropdown label={L[name as keyof typeof L]} name={name} options={options} value={(field.value as string) || null} onChange={(v) => field.onChange(v ?? '')} error={err(name)} />
            )}
          />
        ))}
        <TextField label={L.Price} type="number" inputMode="decimal" step="0.01" min="0" {...register('Price')} error={err('Price')} />
        {TEXT.map((n) => (
          <TextField key={n} label={L[n as keyof typeof L]} {...register(n)} error={err(n)} />
        ))}
      </div>
      {AREAS.map((n) => (
        <TextArea key={n} label={L[n as keyof typeof L]} {...register(n)} error={err(n)} />
      ))}
      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <Button variant="secondary" onClick={onDone} disabled={update.isPending}>
          {isDirty ? 'Discard changes' : 'Cancel'}
        </Button>
        <Button type="submit" disabled={update.isPending}>
          {update.isPending && <Spinner />}
          Save changes
        </Button>
      </div>
    </form>
  );
}
