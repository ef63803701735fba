import type { ReactNode } from 'react';
import { QueryClientProvider } from '@tanstack/react-query';
import { ToastContainer } from 'react-toastify';
import { queryClient } from '../lib/query-client';
import { AuthProvider } from '../lib/auth';
import { LIMITS } from '../../shared/limits';

export function AppProvider({ children }: { children: ReactNode }) {
  return (
    <QueryClientProvider client={queryClient}>
      <AuthProvider>
        {children}
        <ToastContainer
          position="bottom-left"
          autoClose={LIMITS.toastMs}
          theme="colored"
          newestOnTop
        />
      </AuthProvider>
    </QueryClientProvider>
  );
}
