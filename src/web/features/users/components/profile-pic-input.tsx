import { useEffect, useId, useRef, useState } from 'react';
import { LIMITS, MB } from '../../../../shared/limits';
import { checkProfilePic } from '../profile-pic-check';

interface Props {
  label?: string;
  file: File | null;
  onChange(file: File | null): void;
  error?: string;
  onError(message: string | null): void;
  disabled?: boolean;
}

/**
 * Optional profile picture with a preview. The file is checked at once (type by its first bytes,
 * size), and the problem is said at the field, naming the file (docs/product-decisions.md fixes the spec's
 * 'Please Choose Brand' here).
 */
export function ProfilePicInput({
  label = 'Profile picture',
  file,
  onChange,
  error,
  onError,
  disabled,
}: Props) {
  const id = useId();
  const input = useRef<HTMLInputElement>(null);
  const [preview, setPreview] = useState<string | null>(null);

  useEffect(() => {
    if (!file) {
      setPreview(null);
      if (input.current) input.current.value = '';
      return;
    }
    const url = URL.createObjectURL(file);
    setPreview(url);
    return () => URL.revokeObjectURL(url);
  }, [file]);

  const choose = async (chosen: File | undefined) => {
    if (!chosen) return;
    const problem = await checkProfilePic(chosen);
    onError(problem);
    onChange(problem ? null : chosen);
    if (problem && input.current) input.current.value = '';
  };

  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  return (
    <div className="flex flex-col gap-2">
      <label htmlFor={id} className="text-sm font-medium text-gray-800">
        {label}
      </label>
      <div className="flex items-center gap-4">
        {preview ? (
          <img
            src={preview}
            alt="Preview of the chosen picture"
            className="h-16 w-16 shrink-0 rounded-full object-cover ring-2 ring-brand"
          />
        ) : (
          <span
            aria-hidden
            className="flex h-16 w-16 shrink-0 items-center justify-center rounded-full border-2 border-dashed border-gray-300 text-xs text-gray-500"
          >
            None
          </span>
        )}
        <div className="flex min-w-0 flex-col gap-1">
          <input
            ref={input}
            id={id}
            type="file"
            name="profile_pic"
            accept=".jpg,.jpeg,.png,image/jpeg,image/png"
            disabled={disabled}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? errorId : hintId}
            onChange={(e) => void choose(e.target.files?.[0])}
            className="block w-full min-w-0 text-sm text-gray-700 file:mr-3 file:rounded-md file:border file:border-gray-300 file:bg-white file:px-3 file:py-1.5 file:text-sm file:font-semibold file:text-ink hover:file:bg-gray-100"
          />
          {file && (
            <button
              type="button"
              onClick={() => onChange(null)}
              className="self-start text-sm font-medium text-blue-800 hover:underline"
              disabled={disabled}
            >
              Remove chosen picture
            </button>
          )}
        </div>
      </div>
      {error ? (
        <p id={errorId} role="alert" className="text-sm text-red-700">
          {error}
        </p>
      ) : (
        <p id={hintId} className="text-xs text-gray-600">
          JPG, JPEG or PNG, up to {LIMITS.profilePicBytes / MB}MB.
        </p>
      )}
    </div>
  );
}
