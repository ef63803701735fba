import { createBrowserRouter, Navigate, type RouteObject } from 'react-router';
import { RootLayout } from './root-layout';
import { RouteErrorPage } from './routes/app/error-page';
import { RequireAdmin, RequireUser } from '../components/route-guards';
import { LoadingOverlay } from '../components/loading-overlay';
import { loadChunk } from '../lib/chunk-load';

/** Every screen is its own chunk, loaded behind the full-screen overlay (root-layout.tsx). */
const page = (load: () => Promise<{ Component: React.ComponentType }>): Pick<RouteObject, 'lazy'> => ({ lazy: () => loadChunk(load) });

export const routes: RouteObject[] = [
  {
    path: '/',
    element: <RootLayout />,
    errorElement: <RouteErrorPage />,
    // Shown at once on a first load while the screen's chunk arrives.
    hydrateFallbackElement: <LoadingOverlay />,
    children: [
      { index: true, element: <Navigate to="/app/dashboard" replace /> },
      { path: 'app', element: <Navigate to="/app/dashboard" replace /> },
      { path: 'app/dashboard', ...page(() => import('./routes/app/dashboard')) },
      { path: 'app/about', ...page(() => import('./routes/app/about')) },
      { path: 'app/login', ...page(() => import('./routes/auth/login')) },
      { path: 'app/forgot-password', ...page(() => import('./routes/auth/forgot-password')) },
      { path: 'app/reset-password', ...page(() => import('./routes/auth/reset-password')) },
      { path: 'app/signout', ...page(() => import('./routes/auth/signout')) },
      {
        element: <RequireAdmin />,
        children: [
          { path: 'app/signup', ...page(() => import('./routes/auth/signup')) },
          { path: 'app/support-inbox', ...page(() => import('./routes/support/support-inbox')) },
          { path: 'app/integrations', ...page(() => import('./routes/integrations/integrations')) },
        ],
      },
      {
        element: <RequireUser />,
        children: [
          { path: 'app/show-records', ...page(() => import('./routes/patterns/show-records')) },
          { path: 'app/show-records/:id', ...page(() => import('./routes/patterns/pattern-detail')) },
          { path: 'app/show-records/:id/:sizeId', ...page(() => import('./routes/patterns/size-detail')) },
          { path: 'app/add-record', ...page(() => import('./routes/patterns/add-record')) },
          { path: 'app/my-account', ...page(() => import('./routes/account/my-account')) },
          { path: 'app/contact-support', ...page(() => import('./routes/support/contact-support')) },
        ],
      },
      { path: '*', ...page(() => import('./routes/app/not-found')) },
    ],
  },
];

export const router = createBrowserRouter(routes);
