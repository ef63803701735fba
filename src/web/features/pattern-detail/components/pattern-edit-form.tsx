import { useState } from 'react';
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
import { ApiError } from '../../../lib/api-client';
import type { StaleConflict } from '../../../../shared/contracts/versions';
import { getPattern } from '../api/get-pattern';
import { StaleNotice, type NewerValue } from './stale-notice';

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
  // The version the form was filled from: the save names it, and is refused if the pattern moved since.
  const [base, setBase] = useState(pattern.version);
  // The values as opened: a field the newer version changed is one whose saved value moved from these.
  const [opened, setOpened] = useState(() => defaults(pattern) as Record<string, unknown>);
  const [stale, setStale] = useState<{ conflict: StaleConflict; differences?: NewerValue[] }>();
  const [reloading, setReloading] = useState(false);
  const {
    register,
    control,
    handleSubmit,
    setError,
    getValues,
    setValue,
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
        const res = await update.mutateAsync({ body: values, version: base });
        toast.success(res.message);
        onDone();
      } catch (err) {
        if (err instanceof ApiError && err.conflict) return setStale({ conflict: err.conflict });
        reportFormError(err, setError, { fields: (n) => n in PatternFieldsSchema.shape });
      }
    },
    () => toast.info(MSG.checkRequired),
  );

  /** Reads the newer version: the form keeps what was typed, the notice lists where they differ. */
  const reload = async () => {
    if (!stale) return;
    setReloading(true);
    try {
      const newer = await getPattern(pattern.ID);
      const saved = defaults(newer) as Record<string, unknown>;
      const typed = getValues() as Record<string, unknown>;
      const differences: NewerValue[] = [];
      for (const k of Object.keys(PatternFieldsSchema.shape) as NewerValue['field'][]) {
        const a = String(saved[k] ?? '');
        const b = String(typed[k] ?? '');
        if (a !== b && a !== String(opened[k] ?? ''))
          differences.push({ field: k, saved: a, typed: b });
      }
      setBase(newer.version);
      setOpened(saved);
      setStale({ conflict: stale.conflict, differences });
    } catch (err) {
      reportFormError(err, null, { fields: [] });
    } finally {
      setReloading(false);
    }
  };
  const useSaved = (d: NewerValue) => {
    setValue(d.field as keyof PatternFieldsInput, d.saved as never, { shouldDirty: true });
    setStale((s) => s && { ...s, differences: s.differences?.filter((x) => x.field !== d.field) });
  };

  return (
    <form onSubmit={onSubmit} noValidate aria-label="Edit pattern" className="grid gap-4">
      {stale && (
        <StaleNotice
          conflict={stale.conflict}
          differences={stale.differences}
          loading={reloading}
          onReload={() => void reload()}
          onUseSaved={useSaved}
        />
      )}
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
