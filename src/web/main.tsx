// First: starts the list request of a first load of My Patterns before the rest is evaluated.
import './app/prefetch';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router';
// The toast library's styles first, so index.css sets the spec's toast colours over them.
import 'react-toastify/dist/ReactToastify.css';
import './index.css';
import { AppProvider } from './app/provider';
import { router } from './app/router';

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <AppProvider>
      <RouterProvider router={router} />
    </AppProvider>
  </StrictMode>,
);
