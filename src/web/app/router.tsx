import { createBrowserRouter, Navigate, type RouteObject } from 'react-router';
import { RootLayout } from './root-layout';
import { RouteErrorPage } from './routes/app/error-page';
import { RequireAdmin, RequireUser } from '../components/route-guards';
import { LoadingOverlay } from '../components/loading-overlay';
import { loadChunk } from '../lib/chunk-load';
import { prefetchPatternList } from '../features/pattern-list/api/get-patterns';
import { PATTERN_LIST_PATH } from './paths';

/**
 * Every screen is its own chunk, loaded behind the full-screen overlay (root-layout.tsx), with its
 * own error boundary: a screen that throws (or a 404 thrown by one) keeps the header and footer.
 */
const page = (
  load: () => Promise<{ Component: React.ComponentType }>,
): Pick<RouteObject, 'lazy' | 'errorElement'> => ({
  // A script that cannot load becomes a screen that throws it, so this route's own boundary shows
  // it inside the layout (a rejected `lazy` left the content area blank).
  lazy: () =>
    loadChunk(load).catch((err: unknown) => ({
      Component: () => {
        throw err;
      },
    })),
  errorElement: <RouteErrorPage inLayout />,
});

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
          {
            path: PATTERN_LIST_PATH.slice(1),
            // The list request leaves with the screen's chunk, not after it (the loader waits for nothing).
            loader: ({ request }) => {
              prefetchPatternList(new URL(request.url).search);
              return null;
            },
            // The screen's own filters, sorts and pages change only the query: its query fetches those.
            shouldRevalidate: ({ currentUrl, nextUrl }) => currentUrl.pathname !== nextUrl.pathname,
            ...page(() => import('./routes/patterns/show-records')),
          },
          {
            path: 'app/show-records/:id',
            ...page(() => import('./routes/patterns/pattern-detail')),
          },
          {
            path: 'app/show-records/:id/:sizeId',
            ...page(() => import('./routes/patterns/size-detail')),
          },
          { path: 'app/add-record', ...page(() => import('./routes/patterns/add-record')) },
          { path: 'app/trash', ...page(() => import('./routes/patterns/trash')) },
          { path: 'app/imports', ...page(() => import('./routes/imports/imports')) },
          { path: 'app/imports/new', ...page(() => import('./routes/imports/new-import')) },
          { path: 'app/imports/:id', ...page(() => import('./routes/imports/import-status')) },
          { path: 'app/my-account', ...page(() => import('./routes/account/my-account')) },
          {
            path: 'app/contact-support',
            ...page(() => import('./routes/support/contact-support')),
          },
        ],
      },
      { path: '*', ...page(() => import('./routes/app/not-found')) },
    ],
  },
];

export const router = createBrowserRouter(routes);
