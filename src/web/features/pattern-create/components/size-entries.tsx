import { Controller, useFieldArray, type FieldErrors, type UseFormRegister } from 'react-hook-form';
import { LIMITS } from '../../../../shared/limits';
import { FILE_LABELS, type FileRule } from '../../../../shared/contracts/files';
import { TextField } from '../../../components/text-field';
import { Button } from '../../../components/button';
import { emptySize, type AddPatternFormInput, type AddPatternControl } from '../form-schema';
import { FilePicker } from './file-picker';

interface SizeEntriesProps {
  register: UseFormRegister<AddPatternFormInput>;
  control: AddPatternControl;
  errors: FieldErrors<AddPatternFormInput>;
  onPicked(files: File[], rule: FileRule): void;
}

/** The sizes: one at first; 'Add Size' on the last; a size can be deleted while more than one exists. */
export function SizeEntries({ register, control, errors, onPicked }: SizeEntriesProps) {
  const { fields, append, remove } = useFieldArray({ control, name: 'Size' });
  const sizeErrors = errors.Size;
  return (
    <div className="flex flex-col gap-4">
      {fields.map((field, i) => {
        const e = sizeErrors?.[i];
        const last = i === fields.length - 1;
        return (
          <fieldset key={field.id} className="rounded-md border border-gray-200 p-4">
            <legend className="px-1 text-sm font-semibold text-gray-800">Size {i + 1}</legend>
            <div className="grid gap-4 sm:grid-cols-2">
              <TextField
                label="Pattern View"
                required
                autoComplete="off"
                error={e?.pattern_view?.message}
                {...register(`Size.${i}.pattern_view`)}
              />
              <TextField
                label="Size"
                required
                autoComplete="off"
                error={e?.Size?.message}
                {...register(`Size.${i}.Size`)}
              />
              <div className="sm:col-span-2">
                <Controller
                  control={control}
                  name={`Size.${i}.pattern_pdf_file`}
                  render={({ field: f }) => (
                    <FilePicker
                      name={`Size.${i}.pattern_pdf_file`}
                      label={FILE_LABELS.pattern_pdf_file}
                      rule="pdf"
                      required
                      files={f.value ? [f.value] : []}
                      onPicked={onPicked}
                      onChange={(files) => f.onChange(files[0] ?? null)}
                      error={e?.pattern_pdf_file?.message}
                    />
                  )}
                />
              </div>
            </div>
            <div className="mt-4 flex flex-wrap justify-end gap-2">
              {fields.length > 1 && (
                <Button
                  variant="secondary"
                  onClick={() => remove(i)}
                  aria-label={`Delete size ${i + 1}`}
                >
                  Delete
                </Button>
              )}
              {last && fields.length < LIMITS.sizesMax && (
                <Button onClick={() => append(emptySize(), { shouldFocus: true })}>Add Size</Button>
              )}
            </div>
          </fieldset>
        );
      })}
      {sizeErrors?.root?.message || sizeErrors?.message ? (
        <p className="text-sm text-red-700" role="alert">
          {sizeErrors.root?.message ?? sizeErrors.message}
        </p>
      ) : null}
    </div>
  );
}
