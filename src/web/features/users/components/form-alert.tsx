import type { ReactNode } from 'react';

/** A message above a form: what went wrong with the whole request (kind "error") or what happened ("success"). */
export function FormAlert({
  kind,
  children,
  id,
}: {
  kind: 'error' | 'success' | 'info';
  children: ReactNode;
  id?: string;
}) {
  const styles = {
    error: 'border-red-200 bg-red-50 text-red-800',
    success: 'border-green-200 bg-green-50 text-green-900',
    info: 'border-blue-200 bg-blue-50 text-blue-900',
  }[kind];
  return (
    <div
      id={id}
      role={kind === 'error' ? 'alert' : 'status'}
      className={`rounded-md border px-3 py-2 text-sm ${styles}`}
    >
      {children}
    </div>
  );
}
