import { useId, useState, type ChangeEvent } from 'react';
import { FILE_RULES, type FileRule } from '../../../../shared/contracts/files';
import { checkPickedFile, sniffFiles } from '../../../lib/file-checks';
import { ChosenFile } from './chosen-file';

interface FilePickerProps {
  /** Multipart field name; also the input's name (tests and autofill find it by that). */
  name: string;
  label: string;
  rule: FileRule;
  files: File[];
  onChange(files: File[]): void;
  /** Called with the files just chosen, before they are added (for the warning toast). */
  onPicked?(files: File[], rule: FileRule): void;
  multiple?: boolean;
  required?: boolean;
  error?: string;
  /** Shown while nothing is chosen. */
  hint?: string;
  /** For multiple files: how many may be chosen (said beside the button). */
  max?: number;
}

/**
 * A file field: a real (visually hidden, still focusable) file input behind a button-like label,
 * then the chosen files with name, size, thumbnail and Remove. Picking again replaces a single file.
 */
export function FilePicker({
  name,
  label,
  rule,
  files,
  onChange,
  onPicked,
  multiple,
  required,
  error,
  hint,
  max,
}: FilePickerProps) {
  const id = useId();
  const r = FILE_RULES[rule];
  // Said at the picker when more files were chosen than the field takes (only the first ones are kept).
  const [overLimit, setOverLimit] = useState<string>();
  const pick = async (e: ChangeEvent<HTMLInputElement>) => {
    const chosen = Array.from(e.target.files ?? []);
    e.target.value = ''; // the same file can be chosen again after removing it
    if (!chosen.length) return;
    const room = multiple && max ? Math.max(0, max - files.length) : chosen.length;
    const picked = multiple ? chosen.slice(0, room) : chosen.slice(0, 1);
    setOverLimit(
      multiple && max && chosen.length > room
        ? `At most ${max} ${label.toLowerCase()} are allowed: ${picked.length ? `the first ${picked.length} you chose ${picked.length === 1 ? 'was' : 'were'} kept, ` : ''}${chosen.length - picked.length} left out.`
        : undefined,
    );
    if (!picked.length) return;
    await sniffFiles(picked, rule); // the content's first bytes, so a renamed text file is refused now, at the file
    onPicked?.(picked, rule);
    onChange(multiple ? [...files, ...picked] : picked);
  };
  // A file's own problem shows beside it; the field error repeats it only when it says something else.
  const shownError =
    error && !files.some((f) => checkPickedFile(f, rule)?.message === error) ? error : undefined;
  const describedBy = [shownError ? `${id}-error` : null, `${id}-hint`].filter(Boolean).join(' ');
  return (
    <div className="flex flex-col gap-1.5">
      <span id={`${id}-label`} className="text-sm font-medium text-gray-800">
        {label}
        {required && (
          <span className="ml-0.5 text-red-600" aria-hidden>
            *
          </span>
        )}
      </span>
      <div className="flex flex-wrap items-center gap-3">
        <input
          id={id}
          name={name}
          type="file"
          accept={r.accept}
          multiple={multiple}
          onChange={(e) => void pick(e)}
          aria-labelledby={`${id}-label`}
          aria-describedby={describedBy}
          aria-invalid={error ? true : undefined}
          aria-required={required || undefined}
          className="peer sr-only"
        />
        <label
          htmlFor={id}
          className={`inline-flex cursor-pointer items-center rounded-md border ${error ? 'border-red-600' : 'border-gray-300'} bg-white px-3 py-2 text-sm font-semibold shadow-sm hover:bg-gray-100 peer-focus-visible:outline-3 peer-focus-visible:outline-offset-2 peer-focus-visible:outline-blue-700 peer-disabled:cursor-not-allowed peer-disabled:opacity-60`}
        >
          {files.length && !multiple
            ? 'Replace file'
            : multiple
              ? files.length
                ? 'Add more images'
                : 'Choose images'
              : rule === 'pdf'
                ? 'Choose PDF'
                : 'Choose image'}
        </label>
        <span id={`${id}-hint`} className="text-xs text-gray-600">
          {files.length === 0 ? (hint ?? 'No file chosen') + ' · ' : ''}
          {r.hint}
          {multiple && max ? ` · ${files.length} of ${max}` : ''}
        </span>
      </div>
      {files.length > 0 && (
        <ul className="flex flex-col gap-2">
          {files.map((f, i) => (
            <ChosenFile
              key={`${f.name}-${f.size}-${f.lastModified}-${i}`}
              file={f}
              problem={checkPickedFile(f, rule)?.message}
              onRemove={() => {
                setOverLimit(undefined);
                onChange(files.filter((_, j) => j !== i));
              }}
            />
          ))}
        </ul>
      )}
      {overLimit && (
        <p className="text-sm font-medium text-amber-800" role="alert">
          {overLimit}
        </p>
      )}
      {shownError && (
        <p id={`${id}-error`} className="text-sm text-red-700" role="alert">
          {shownError}
        </p>
      )}
    </div>
  );
}
