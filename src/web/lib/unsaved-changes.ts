import { useCallback, useEffect, useState } from 'react';

/**
 * Which forms on screen hold unsaved work. Forms register here instead of each blocking
 * navigation themselves: React Router allows one blocker at a time, and My Account alone has three
 * forms. The one prompt (components/unsaved-changes-prompt.tsx) reads this store.
 */
const dirty = new Set<symbol>();
const listeners = new Set<() => void>();

function mark(key: symbol, on: boolean) {
  const had = dirty.has(key);
  if (on) dirty.add(key);
  else dirty.delete(key);
  if (had !== on) listeners.forEach((l) => l());
}

export const hasUnsavedChanges = () => dirty.size > 0;

export function subscribeUnsavedChanges(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/**
 * Registers the form's unsaved work while `isDirty` holds. Call `release()` right before leaving
 * on purpose (after a successful save) so that navigation does not ask.
 */
export function useUnsavedChanges(isDirty: boolean): { release(): void } {
  const [key] = useState(() => Symbol('form'));
  useEffect(() => {
    if (!isDirty) return;
    mark(key, true);
    return () => mark(key, false);
  }, [isDirty, key]);
  const release = useCallback(() => mark(key, false), [key]);
  return { release };
}
