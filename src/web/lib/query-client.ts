import { MutationCache, QueryClient } from '@tanstack/react-query';
import { ApiError } from './api-client';
import { toastError } from './toast';

declare module '@tanstack/react-query' {
  interface Register {
    mutationMeta: {
      /** The spec's text for this action when the server gives no message of its own (section 8). */
      errorMessage?: string;
      /** A form reports this mutation's failures itself: fields under inputs, the rest in a toast (form-errors.ts). */
      reportedByForm?: true;
    };
  }
}

/**
 * Failed mutations without a form raise one toast here, not one handler per screen: the server's
 * message, else the mutation's `meta.errorMessage`. Success toasts stay with the caller.
 */
export const mutationCache = new MutationCache({
  onError: (err, _vars, _ctx, mutation) => {
    if (mutation.meta?.reportedByForm) return;
    toastError(err, mutation.meta?.errorMessage);
  },
});

export const queryClient = new QueryClient({
  mutationCache,
  defaultOptions: {
    queries: {
      staleTime: 30_000,
      retry: (count, err) =>
        !(err instanceof ApiError && err.status >= 400 && err.status < 500) && count < 2,
      refetchOnWindowFocus: false,
    },
  },
});

/** Mutations whose failures a form reports (spread into `useMutation` options). */
export const FORM_MUTATION = { meta: { reportedByForm: true } } as const;
