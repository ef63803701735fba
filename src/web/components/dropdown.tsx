import {
  Description,
  Field,
  Label,
  Listbox,
  ListboxButton,
  ListboxOption,
  ListboxOptions,
} from '@headlessui/react';
import type { Option } from '../../shared/options';

interface DropdownProps {
  label: string;
  options: Option[];
  value: string | null | undefined;
  onChange(value: string | null): void;
  required?: boolean;
  error?: string;
  disabled?: boolean;
  name?: string;
}

/**
 * The specification's shared dropdown: labelled single choice, red asterisk when required, the
 * option with id 0 is a disabled placeholder, type-ahead (Headless UI resets it after 350 ms),
 * list at most 14rem high and scrolling. Headless UI's anchoring writes an inline max-height from
 * `--anchor-max-height` (else the room left on screen), which beats a class: the variable sets it.
 */
export function Dropdown({
  label,
  options,
  value,
  onChange,
  required,
  error,
  disabled,
  name,
}: DropdownProps) {
  // A list always starts with its placeholder (id 0), so there is always a choice to show.
  const selected = options.find((o) => o.value !== null && o.value === value) ?? options[0]!;
  return (
    <Field className="flex flex-col gap-1" disabled={disabled}>
      <Label className="text-sm font-medium text-gray-800">
        {label}
        {required && (
          <>
            <span className="ml-0.5 text-red-600" aria-hidden>
              *
            </span>
            {/* A listbox button may not carry aria-required, so the label says it to screen readers. */}
            <span className="sr-only"> (required)</span>
          </>
        )}
      </Label>
      <Listbox value={selected} onChange={(o: Option) => onChange(o.value)} by="id" name={name}>
        <div className="relative">
          <ListboxButton
            className={`flex w-full items-center justify-between rounded-md border bg-white px-3 py-2 text-left text-sm shadow-sm data-disabled:bg-gray-100 data-focus:outline-2 data-focus:outline-blue-700 ${error ? 'border-red-600' : 'border-gray-300'}`}
            aria-invalid={error ? true : undefined}
          >
            <span className={selected.value === null ? 'text-gray-500' : ''}>{selected.name}</span>
            <svg aria-hidden viewBox="0 0 20 20" className="h-4 w-4 fill-gray-500">
              <path d="M5.5 7.5 10 12l4.5-4.5z" />
            </svg>
          </ListboxButton>
          <ListboxOptions
            anchor="bottom start"
            className="z-50 max-h-[14rem] [--anchor-max-height:14rem] w-(--button-width) overflow-auto rounded-md border border-gray-200 bg-white py-1 text-sm shadow-lg [--anchor-gap:4px] focus:outline-none"
          >
            {options.map((o) => (
              <ListboxOption
                key={o.id}
                value={o}
                disabled={o.id === 0}
                className="cursor-pointer px-3 py-2 data-disabled:cursor-default data-disabled:text-gray-400 data-focus:bg-brand/40 data-selected:font-semibold"
              >
                {o.name}
              </ListboxOption>
            ))}
          </ListboxOptions>
        </div>
      </Listbox>
      {/* A Description inside the Field: Headless UI links it to the button (it drops an aria-describedby set by hand). */}
      {error && (
        <Description as="p" className="text-sm text-red-700" role="alert">
          {error}
        </Description>
      )}
    </Field>
  );
}
