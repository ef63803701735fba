import { createBrowserRouter, data, Navigate, type RouteObject } from 'react-router';
import { RootLayout } from './root-layout';
import { RouteErrorPage } from './routes/app/error-page';
import { RequireAdmin, RequireUser } from '../components/route-guards';
import { LoadingOverlay } from '../components/loading-overlay';
import { loadChunk } from '../lib/chunk-load';
import { prefetchPatternList } from '../features/pattern-list/api/get-patterns';
import { loadPattern } from '../features/pattern-detail/api/get-pattern';
import { loadSize } from '../features/sizes/api/get-size';
import { PATTERN_DETAIL_MSG } from '../../shared/contracts/pattern-detail-paths';
import { SIZE_MSG } from '../../shared/contracts/sizes-paths';
import { PATTERN_LIST_PATH } from './paths';
import type { RouteHandle } from './routes/app/error-page';

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

/** An ID in the URL that is no positive whole number: the route's not-found screen, as for a record the server does not show. */
const recordId = (raw: string | undefined): number => {
  const id = Number(raw);
  if (!Number.isInteger(id) || id <= 0) throw data(null, { status: 404 });
  return id;
};

/** A record's screen loads it again only when its path changes, not for its own ?tab= and the like. */
const samePath: RouteObject['shouldRevalidate'] = ({ currentUrl, nextUrl }) =>
  currentUrl.pathname !== nextUrl.pathname;

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
      {
        path: 'app/accept-invitation',
        ...page(() => import('./routes/auth/accept-invitation')),
      },
      { path: 'app/signout', ...page(() => import('./routes/auth/signout')) },
      {
        element: <RequireAdmin />,
        children: [
          { path: 'app/signup', ...page(() => import('./routes/auth/signup')) },
          { path: 'app/support-inbox', ...page(() => import('./routes/support/support-inbox')) },
          { path: 'app/integrations', ...page(() => import('./routes/integrations/integrations')) },
          { path: 'app/releases', ...page(() => import('./routes/releases/releases')) },
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
            // The record's loader sends a refusal (404, 400, 5xx) to the route's error boundary,
            // which says it in the words of `handle` (error-page.tsx): no triage in the screen.
            path: 'app/show-records/:id',
            handle: { notFound: PATTERN_DETAIL_MSG.notFound } satisfies RouteHandle,
            loader: ({ params }) => loadPattern(recordId(params.id)),
            shouldRevalidate: samePath,
            ...page(() => import('./routes/patterns/pattern-detail')),
          },
          {
            path: 'app/show-records/:id/:sizeId',
            handle: { notFound: SIZE_MSG.notFound } satisfies RouteHandle,
            loader: async ({ params }) => {
              const patternId = recordId(params.id);
              const sizeOf = await loadSize(recordId(params.sizeId));
              // A size shown under another pattern's URL is not found there.
              if (sizeOf !== null && sizeOf !== patternId) throw data(null, { status: 404 });
              return null;
            },
            shouldRevalidate: samePath,
            ...page(() => import('./routes/patterns/size-detail')),
          },
          { path: 'app/add-record', ...page(() => import('./routes/patterns/add-record')) },
          { path: 'app/trash', ...page(() => import('./routes/patterns/trash')) },
          { path: 'app/imports', ...page(() => import('./routes/imports/imports')) },
          { path: 'app/imports/new', ...page(() => import('./routes/imports/new-import')) },
          { path: 'app/imports/:id', ...page(() => import('./routes/imports/import-status')) },
          { path: 'app/my-account', ...page(() => import('./routes/account/my-account')) },
          {
            path: 'app/two-factor-setup',
            ...page(() => import('./routes/account/two-factor-setup')),
          },
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
