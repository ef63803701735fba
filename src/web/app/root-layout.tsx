import { useLayoutEffect } from 'react';
import { Outlet, ScrollRestoration, useLocation, useNavigation } from 'react-router';
import { LoadingOverlay } from '../components/loading-overlay';
import { Header } from '../components/header';
import { Footer } from '../components/footer';
import { LazyNewsletterForm } from '../features/newsletter/components/lazy-newsletter-form';
import { subscribeToNewsletter } from '../features/newsletter/api/subscribe';
import { useSiteConfig } from '../features/site/api/get-site-config';
import { UnsavedChangesPrompt } from '../components/unsaved-changes-prompt';
import { firstScreenShown } from '../lib/first-screen';
import { scrollKey } from '../lib/scroll-key';
import { PATTERN_LIST_PATH } from './paths';

export function RootLayout() {
  const navigation = useNavigation();
  const site = useSiteConfig();
  // Any screen but My Patterns is shown once rendered (that one says so itself when its rows are in).
  const { pathname } = useLocation();
  useLayoutEffect(() => {
    if (pathname !== PATTERN_LIST_PATH) firstScreenShown();
  }, [pathname]);
  return (
    <div className="flex min-h-screen flex-col bg-gray-50 text-ink">
      <a
        href="#main"
        className="sr-only focus:not-sr-only focus:absolute focus:left-2 focus:top-2 focus:z-50 focus:bg-white focus:p-2"
      >
        Skip to content
      </a>
      <Header />
      <main id="main" className="flex-1">
        <Outlet />
      </main>
      <Footer
        newsletter={<LazyNewsletterForm onSubscribe={subscribeToNewsletter} />}
        instagramUrl={site?.instagramUrl}
      />
      {navigation.state === 'loading' && <LoadingOverlay />}
      <UnsavedChangesPrompt />
      {/* A new screen opens at its top (Back restores the old position); the list's own URL changes opt out with preventScrollReset. */}
      <ScrollRestoration getKey={scrollKey} />
    </div>
  );
}
