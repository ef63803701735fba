import { Outlet, useNavigation } from 'react-router';
import { LoadingOverlay } from '../components/loading-overlay';
import { Header } from '../components/header';
import { Footer } from '../components/footer';
import { NewsletterForm } from '../features/newsletter/components/newsletter-form';
import { subscribeToNewsletter } from '../features/newsletter/api/subscribe';

export function RootLayout() {
  const navigation = useNavigation();
  return (
    <div className="flex min-h-screen flex-col bg-gray-50 text-ink">
      <a href="#main" className="sr-only focus:not-sr-only focus:absolute focus:left-2 focus:top-2 focus:z-50 focus:bg-white focus:p-2">
        Skip to content
      </a>
      <Header />
      <main id="main" className="flex-1">
        <Outlet />
      </main>
      <Footer newsletter={<NewsletterForm onSubscribe={subscribeToNewsletter} />} />
      {navigation.state === 'loading' && <LoadingOverlay />}
    </div>
  );
}
