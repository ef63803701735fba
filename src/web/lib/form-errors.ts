import type { Dispatch, SetStateAction } from 'react';
import type { FieldValues, Path, UseFormSetError } from 'react-hook-form';
import { ApiError } from './api-client';
import { errorMessage, GENERIC_FAILURE } from './error-message';
import { toast } from './toast';

export interface FormErrorOptions {
  /** The inputs this form has, by the server's field name (the contracts use the same names), or a test for nested paths such as `Size.0.Size`. */
  fields: readonly string[] | ((name: string) => boolean);
  /** The spec's text for this action when the server gives no message of its own. */
  fallback?: string;
  /** Server fields shown by something that is not a registered input (a file picker, the reset link). */
  other?: Record<string, (message: string) => void>;
  /** Where the message for the whole form goes; an error toast unless the screen has its own place (spec: reset password shows no toast). */
  say?: (message: string) => void;
  /** Say the message even when every server field found its input (default true: the input may be out of sight). */
  sayWhenFieldsShown?: boolean;
}

export interface FormErrorReport {
  message: string;
  /** The server fields that landed at an input or in `other`, in the server's order. */
  shown: string[];
}

/**
 * The one way a form reports a failed submit (docs/conventions.md rule 4): each of the ApiError's `fields`
 * lands under its input (the first one focused); fields the form has no input for join the message
 * in a toast, so nothing the server said is lost. Returns undefined when there is nothing to say
 * (a cancelled request, or a reply that ended the session). `setError` is null for a form without
 * react-hook-form inputs (its fields all go through `other`).
 */
export function reportFormError<T extends FieldValues>(
  err: unknown,
  setError: UseFormSetError<T> | null,
  opts: FormErrorOptions,
): FormErrorReport | undefined {
  const message = errorMessage(err, opts.fallback ?? GENERIC_FAILURE);
  if (message === undefined) return undefined;
  const known =
    typeof opts.fields === 'function'
      ? opts.fields
      : (name: string) => (opts.fields as readonly string[]).includes(name);
  const unplaced: string[] = [];
  const shown: string[] = [];
  for (const [name, text] of Object.entries(err instanceof ApiError ? err.fields : {})) {
    const other = opts.other?.[name];
    if (other) other(text);
    else if (setError && known(name))
      setError(
        name as Path<T>,
        { type: 'server', message: text },
        { shouldFocus: shown.length === 0 },
      );
    else {
      unplaced.push(text);
      continue;
    }
    shown.push(name);
  }
  const extra = unplaced.filter((t) => !message.includes(t));
  const full = extra.length ? `${message}: ${extra.join('; ')}` : message;
  if (extra.length || shown.length === 0 || opts.sayWhenFieldsShown !== false)
    (opts.say ?? toast.error)(full);
  return { message: full, shown };
}

/** A form's field errors kept in React state (a form without react-hook-form inputs): by field name. */
export type FieldErrors = Record<string, string>;

/**
 * The `setError` for reportFormError of a form that keeps its field errors in React state
 * (dynamic lists of notes, file inputs): each server field is written there by its name.
 */
export function stateSetError(
  set: Dispatch<SetStateAction<FieldErrors>>,
): UseFormSetError<FieldErrors> {
  return (name, error) => set((errors) => ({ ...errors, [name]: error.message ?? '' }));
}
