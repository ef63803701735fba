import { lazy, Suspense, type ReactNode } from 'react';
import { QueryClientProvider } from '@tanstack/react-query';
import { queryClient } from '../lib/query-client';
import { AuthProvider } from '../lib/auth';
import { loadAfterFirstScreen } from '../lib/first-screen';
import { LIMITS } from '../../shared/limits';

// The toasts' container comes once the first screen is painted (lib/first-screen.ts, issue 50): a
// toast raised before waits for it (lib/toast.ts). It is fixed at the bottom left: nothing moves.
const loadToasts = loadAfterFirstScreen(() => import('react-toastify'));
const ToastContainer = lazy(() => loadToasts().then((m) => ({ default: m.ToastContainer })));

export function AppProvider({ children }: { children: ReactNode }) {
  return (
    <QueryClientProvider client={queryClient}>
      <AuthProvider>
        {children}
        <Suspense fallback={null}>
          <ToastContainer
            position="bottom-left"
            autoClose={LIMITS.toastMs}
            theme="colored"
            newestOnTop
          />
        </Suspense>
      </AuthProvider>
    </QueryClientProvider>
  );
}
