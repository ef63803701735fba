import { Controller, type Control, type FieldErrors, type UseFormRegister } from 'react-hook-form';
import { PATTERN_LABELS as L } from '../../shared/contracts/patterns';
import {
  FABRIC_OPTIONS,
  GENDER_OPTIONS,
  PATTERN_TYPE_OPTIONS,
  PRINTABLE_OPTIONS,
  SUBSCRIBABLE_OPTIONS,
  type Option,
} from '../../shared/options';
import { TextArea, TextField } from './text-field';
import { Dropdown } from './dropdown';

type SelectName = 'Fabric_type' | 'Type' | 'Is_Printable' | 'Gender' | 'is_Subscribable';
type TextName =
  | 'SFCC_Pattern_ID'
  | 'Pattern_Name'
  | 'Technical_Details'
  | 'Pattern_Description'
  | 'Fabric_Recommendation'
  | 'Notion'
  | 'Price'
  | 'Suitable_For'
  | 'Pattern_Fit';

/** What the inputs of a pattern's text fields hold, in both forms (a select's "none" is null, or '' in a record being edited). */
export type PatternFieldValues = Record<TextName, string> &
  Record<SelectName | 'Brand', string | null>;

const SELECTS: [SelectName, Option[]][] = [
  ['Fabric_type', FABRIC_OPTIONS],
  ['Type', PATTERN_TYPE_OPTIONS],
  ['Is_Printable', PRINTABLE_OPTIONS],
  ['Gender', GENDER_OPTIONS],
  ['is_Subscribable', SUBSCRIBABLE_OPTIONS],
];

export interface PatternFieldsProps {
  /** The form's own register and control, seen through the fields they share (callers cast once). */
  register: UseFormRegister<PatternFieldValues>;
  control: Control<PatternFieldValues>;
  errors: FieldErrors<PatternFieldValues>;
  brandOptions: Option[];
  /** Only admins choose the brand; a user's is fixed to their own. */
  brandLocked: boolean;
  brandHint?: string;
}

/**
 * Every text field of the pattern record (spec section 3), in the specification's order: the one
 * component of the Pattern Submission Form and the pattern screen's edit form, so the two cannot
 * drift apart in order, labels or rules.
 */
export function PatternFieldInputs({
  register,
  control,
  errors,
  brandOptions,
  brandLocked,
  brandHint,
}: PatternFieldsProps) {
  const select = (
    name: SelectName | 'Brand',
    options: Option[],
    extra: { required?: boolean; disabled?: boolean } = {},
  ) => (
    <Controller
      control={control}
      name={name}
      render={({ field }) => (
        <Dropdown
          label={L[name]}
          name={name}
          options={options}
          value={
            field.value === '' || field.value === null || field.value === undefined
              ? null
              : String(field.value)
          }
          onChange={field.onChange}
          error={errors[name]?.message}
          {...extra}
        />
      )}
    />
  );
  const selects = Object.fromEntries(
    SELECTS.map(([name, options]) => [name, select(name, options)]),
  );
  return (
    <div className="grid gap-5 sm:grid-cols-2">
      <TextField
        label={L.SFCC_Pattern_ID}
        required
        autoComplete="off"
        hint="Letters A–Z, digits, dash (-), underscore (_) and dot (.)"
        error={errors.SFCC_Pattern_ID?.message}
        {...register('SFCC_Pattern_ID')}
      />
      <TextField
        label={L.Pattern_Name}
        required
        autoComplete="off"
        error={errors.Pattern_Name?.message}
        {...register('Pattern_Name')}
      />
      <div className="flex flex-col gap-1">
        {select('Brand', brandOptions, { required: true, disabled: brandLocked })}
        {brandHint && <p className="text-xs text-gray-600">{brandHint}</p>}
      </div>
      <TextField
        label={L.Technical_Details}
        error={errors.Technical_Details?.message}
        {...register('Technical_Details')}
      />
      <div className="sm:col-span-2">
        <TextArea
          label={L.Pattern_Description}
          hint="Optional romance copy: the season or occasion, what to pair it with."
          error={errors.Pattern_Description?.message}
          {...register('Pattern_Description')}
        />
      </div>
      <div className="sm:col-span-2">
        <TextArea
          label={L.Fabric_Recommendation}
          rows={3}
          error={errors.Fabric_Recommendation?.message}
          {...register('Fabric_Recommendation')}
        />
      </div>
      {selects.Fabric_type}
      <TextField label={L.Notion} error={errors.Notion?.message} {...register('Notion')} />
      {selects.Type}
      {selects.Is_Printable}
      {selects.Gender}
      <TextField
        label={L.Price}
        type="number"
        inputMode="decimal"
        min={0}
        step="0.01"
        error={errors.Price?.message}
        {...register('Price')}
      />
      <TextField
        label={L.Suitable_For}
        error={errors.Suitable_For?.message}
        {...register('Suitable_For')}
      />
      {selects.is_Subscribable}
      <TextField
        label={L.Pattern_Fit}
        error={errors.Pattern_Fit?.message}
        {...register('Pattern_Fit')}
      />
    </div>
  );
}
