import { vi } from 'vitest';
import { configure, render } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import type { LoginResponse } from '../../shared/contracts/auth';
import { AppProvider } from '../app/provider';
import { routes } from '../app/router';
import { queryClient } from '../lib/query-client';
import { clearSession, writeSession } from '../lib/session';
import { fakeApi, type FakeRoutes } from './fake-api';

// A route's screen arrives as its own chunk (router.tsx) after its loader: under a loaded machine
// that is more than Testing Library's one second (a wait that ends early costs nothing).
configure({ asyncUtilTimeout: 15_000 });
vi.setConfig({ testTimeout: 60_000 });

export const ADMIN: LoginResponse = {
  id: 1,
  fullName: 'Ada Admin',
  role: 'admin',
  email: 'admin@portal.test',
  brand: null,
  profilePicUrl: null,
  token: 'admin-token',
};

export const PARTNER: LoginResponse = {
  id: 2,
  fullName: 'Pat Partner',
  role: 'user',
  email: 'pat@ditto.test',
  brand: { id: 2, name: 'Ditto', slug: 'ditto' },
  profilePicUrl: null,
  token: 'partner-token',
};

/**
 * A screen as the app renders it (main.tsx): the app's own routes (guards, loaders, lazy screens,
 * error boundaries), its query client, its session in localStorage, toasts; only the network is
 * the fake API of this test. `user: null` is signed out.
 */
export function renderRoute(url: string, opts: { user: LoginResponse | null; api?: FakeRoutes }) {
  queryClient.clear();
  if (opts.user) writeSession(opts.user);
  else clearSession();
  const api = fakeApi({ 'GET /api/auth/me': { user: opts.user }, ...opts.api });
  const router = createMemoryRouter(routes, { initialEntries: [url] });
  const view = render(
    <AppProvider>
      <RouterProvider router={router} />
    </AppProvider>,
  );
  return {
    ...view,
    api,
    router,
    /** Where the app is now (path and query string). */
    location: () => router.state.location.pathname + router.state.location.search,
  };
}
