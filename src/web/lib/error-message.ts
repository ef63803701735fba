import { MSG } from '../../shared/messages';
import { ApiError } from './api-client';

/** When nothing more specific fits. */
export const GENERIC_FAILURE = 'Something went wrong. Please try again.';

/**
 * What a failure says to the user (spec section 8): the server's own message when it sent one,
 * otherwise the caller's fallback text (the spec's 'Failed to fetch', 'Unable to delete data' …).
 * A 5xx keeps its reference so support can find it in the log. `undefined` means say nothing: a
 * cancelled request, or a reply that ended the session (the sign-in screen says that once).
 */
export function errorMessage(err: unknown, fallback: string): string | undefined {
  if (err instanceof DOMException && err.name === 'AbortError') return undefined;
  if (err instanceof Error && err.name === 'AbortError') return undefined;
  if (err instanceof ApiError) {
    if (err.endedSession) return undefined;
    if (!err.hasServerMessage) return fallback;
    if (err.body.code === 'INTERNAL') {
      const ref = /\(ref ([\w-]+)\)/.exec(err.message)?.[1];
      return ref ? `${fallback} (ref ${ref})` : fallback;
    }
    return err.message;
  }
  // Anything else is our own script's failure: its text means nothing to a partner.
  return fallback;
}

/** A failed load (a list, a size, a pattern): the server's message, or the spec's 'Failed to fetch'. */
export const loadErrorMessage = (err: unknown): string =>
  errorMessage(err, MSG.fetchFailed) ?? MSG.fetchFailed;
