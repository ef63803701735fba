import { Controller } from 'react-hook-form';
import { LIMITS } from '../../../../shared/limits';
import { FILE_LABELS, type FileRule } from '../../../../shared/contracts/files';
import {
  fileRuleOf,
  isMultipleFileField,
  type NamedFileField as Field,
} from '../../../../shared/contracts/pattern-create';
import type { AddPatternControl } from '../form-schema';
import { FilePicker } from './file-picker';

interface NamedFileFieldProps {
  control: AddPatternControl;
  name: Field;
  onPicked(files: File[], rule: FileRule): void;
}

/** One of the pattern's named file fields, held in the form until Save. */
export function NamedFileField({ control, name, onPicked }: NamedFileFieldProps) {
  const multiple = isMultipleFileField(name);
  return (
    <Controller
      control={control}
      name={name}
      render={({ field, fieldState }) => {
        const value = field.value as File | File[] | null;
        const err = fieldState.error as
          { message?: string; root?: { message?: string } } | undefined;
        return (
          <FilePicker
            name={name}
            label={FILE_LABELS[name]}
            rule={fileRuleOf(name)}
            multiple={multiple}
            max={multiple ? LIMITS.heroImagesMax : undefined}
            files={Array.isArray(value) ? value : value ? [value] : []}
            onPicked={onPicked}
            onChange={(files) => field.onChange(multiple ? files : (files[0] ?? null))}
            error={err?.message ?? err?.root?.message}
          />
        );
      }}
    />
  );
}
