import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import type { PatternDetail } from '../../../../shared/contracts/pattern-detail';
import {
  PatternFieldsSchema,
  type PatternFields,
  type PatternFieldsInput,
} from '../../../../shared/contracts/patterns';
import type { Option } from '../../../../shared/options';
import { MSG } from '../../../../shared/messages';
import { useAuth } from '../../../lib/auth';
import { toast } from '../../../lib/toast';
import { reportFormError } from '../../../lib/form-errors';
import { PatternFieldInputs, type PatternFieldsProps } from '../../../components/pattern-fields';
import { Button } from '../../../components/button';
import { Spinner } from '../../../components/spinner';
import { useUpdatePattern } from '../api/update-pattern';
import { useBrandList } from '../../../lib/brand-list';
import { useUnsavedChanges } from '../../../lib/unsaved-changes';

function defaults(p: PatternDetail): PatternFieldsInput {
  const out: Record<string, unknown> = {
    Brand: String(p.Brand),
    Price: p.Price === null ? '' : String(p.Price),
  };
  for (const k of Object.keys(PatternFieldsSchema.shape))
    if (!(k in out)) out[k] = (p as unknown as Record<string, unknown>)[k] ?? '';
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
  const brands = useBrandList(isAdmin);
  const update = useUpdatePattern(pattern.ID);
  const {
    register,
    control,
    handleSubmit,
    setError,
    formState: { errors, isDirty },
  } = useForm<PatternFieldsInput, unknown, PatternFields>({
    resolver: zodResolver(PatternFieldsSchema),
    defaultValues: defaults(pattern),
  });

  useUnsavedChanges(isDirty);

  const brandOptions: Option[] = [
    { id: 0, name: 'Choose Brand', value: null },
    ...(isAdmin && brands.data
      ? brands.data.data.map((b) => ({ id: b.id, name: b.name, value: String(b.id) }))
      : [{ id: pattern.Brand, name: pattern.brandName, value: String(pattern.Brand) }]),
  ];

  const onSubmit = handleSubmit(
    async (values) => {
      try {
        const res = await update.mutateAsync(values);
        toast.success(res.message);
        onDone();
      } catch (err) {
        reportFormError(err, setError, { fields: (n) => n in PatternFieldsSchema.shape });
      }
    },
    () => toast.info(MSG.checkRequired),
  );

  return (
    <form onSubmit={onSubmit} noValidate aria-label="Edit pattern" className="grid gap-4">
      <PatternFieldInputs
        register={register as unknown as PatternFieldsProps['register']}
        control={control as unknown as PatternFieldsProps['control']}
        errors={errors as PatternFieldsProps['errors']}
        brandOptions={brandOptions}
        brandLocked={!isAdmin}
      />
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
