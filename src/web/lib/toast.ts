import { toast as toastify } from 'react-toastify';
import { ApiError } from './api-client';

/** The spec's four toast kinds; placement and 5 s close are set once on the container. */
export const toast = {
  success: (msg: string) => toastify.success(msg),
  error: (msg: string) => toastify.error(msg),
  warning: (msg: string) => toastify.warning(msg),
  /** `id` shows the toast once however often it is raised (e.g. by several failed calls at once). */
  info: (msg: string, id?: string) => toastify.info(msg, id ? { toastId: id } : undefined),
};

/** One toast for a failed mutation: the server's message, or the fallback text. */
export function toastError(err: unknown, fallback = 'Something went wrong. Please try again.') {
  if (err instanceof DOMException && err.name === 'AbortError') return;
  if (err instanceof ApiError && err.endedSession) return; // the session-ended notice says it once
  toast.error(err instanceof ApiError || err instanceof Error ? err.message || fallback : fallback);
}
