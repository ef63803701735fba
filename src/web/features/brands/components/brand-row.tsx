import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import type { z } from 'zod';
import { BrandNameSchema, type Brand, type BrandName } from '../../../../shared/contracts/brands';
import { toast } from '../../../lib/toast';
import { reportFormError } from '../../../lib/form-errors';
import { TextField } from '../../../components/text-field';
import { Button } from '../../../components/button';
import { Spinner } from '../../../components/spinner';
import { useRenameBrand } from '../api/rename-brand';

/** One brand with Rename, which turns the row into a small form (Escape cancels). */
export function BrandRow({ brand }: { brand: Brand }) {
  const [editing, setEditing] = useState(false);
  const rename = useRenameBrand();
  const {
    register,
    handleSubmit,
    setError,
    reset,
    formState: { errors },
  } = useForm<z.input<typeof BrandNameSchema>, unknown, BrandName>({
    resolver: zodResolver(BrandNameSchema),
    values: { name: brand.name },
  });

  const cancel = () => {
    reset({ name: brand.name });
    setEditing(false);
  };
  const onSubmit = handleSubmit(async (values) => {
    if (values.name === brand.name) return cancel();
    try {
      const { data } = await rename.mutateAsync({ id: brand.id, name: values.name });
      toast.success(`Renamed to ${data.name}`);
      setEditing(false);
    } catch (err) {
      reportFormError(err, setError, { fields: ['name'] });
    }
  });

  if (!editing) {
    return (
      <li className="flex items-center justify-between gap-3 py-2.5">
        <div className="min-w-0">
          <p className="font-medium wrap-anywhere text-ink">{brand.name}</p>
          <p className="text-xs text-gray-600">slug: {brand.slug}</p>
        </div>
        <Button
          variant="secondary"
          className="px-3 py-1.5"
          onClick={() => setEditing(true)}
          aria-label={`Rename ${brand.name}`}
        >
          Rename
        </Button>
      </li>
    );
  }
  return (
    <li className="py-2.5">
      <form
        onSubmit={onSubmit}
        noValidate
        onKeyDown={(e) => e.key === 'Escape' && cancel()}
        className="flex flex-col gap-3 sm:flex-row sm:items-start"
      >
        <div className="flex-1">
          <TextField
            label={`New name for ${brand.name}`}
            required
            autoFocus
            error={errors.name?.message}
            {...register('name')}
          />
        </div>
        <div className="flex gap-2 sm:pt-6">
          <Button type="submit" disabled={rename.isPending}>
            {rename.isPending && <Spinner />}
            Save
          </Button>
          <Button variant="secondary" onClick={cancel}>
            Cancel
          </Button>
        </div>
      </form>
    </li>
  );
}
