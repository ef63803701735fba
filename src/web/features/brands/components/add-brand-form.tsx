import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import type { z } from 'zod';
import { BrandNameSchema, type BrandName } from '../../../../shared/contracts/brands';
import { toast } from '../../../lib/toast';
import { reportFormError } from '../../../lib/form-errors';
import { TextField } from '../../../components/text-field';
import { Button } from '../../../components/button';
import { Spinner } from '../../../components/spinner';
import { useCreateBrand } from '../api/create-brand';

/** Adds a brand; a name taken in any case is refused at the field. */
export function AddBrandForm() {
  const create = useCreateBrand();
  const {
    register,
    handleSubmit,
    setError,
    reset,
    formState: { errors },
  } = useForm<z.input<typeof BrandNameSchema>, unknown, BrandName>({
    resolver: zodResolver(BrandNameSchema),
    defaultValues: { name: '' },
  });

  const onSubmit = handleSubmit(async (values) => {
    try {
      const { data } = await create.mutateAsync(values);
      toast.success(`Brand ${data.name} added`);
      reset();
    } catch (err) {
      reportFormError(err, setError, { fields: ['name'] });
    }
  });

  return (
    <form onSubmit={onSubmit} noValidate className="flex flex-col gap-3 sm:flex-row sm:items-start">
      <div className="flex-1">
        <TextField
          label="New brand name"
          required
          error={errors.name?.message}
          {...register('name')}
        />
      </div>
      <div className="sm:pt-6">
        <Button type="submit" disabled={create.isPending} className="w-full sm:w-auto">
          {create.isPending && <Spinner />}
          Add brand
        </Button>
      </div>
    </form>
  );
}
