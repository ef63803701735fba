import { lazy, Suspense, useEffect } from 'react';
import { NewsletterFields } from './newsletter-fields';

// The working form brings React Hook Form and Zod: not part of a first load (issue 15, first row
// on screen). It is fetched once the page is idle; until then its look stands in, disabled.
const loadForm = () => import('./newsletter-form');
const NewsletterForm = lazy(() => loadForm().then((m) => ({ default: m.NewsletterForm })));

const whenIdle = (run: () => void): (() => void) => {
  if ('requestIdleCallback' in window) {
    const id = window.requestIdleCallback(run, { timeout: 3000 });
    return () => window.cancelIdleCallback(id);
  }
  const id = setTimeout(run, 1000);
  return () => clearTimeout(id);
};

/** The footer's newsletter box, its script loaded when the page is idle (NewsletterForm's props). */
export function LazyNewsletterForm(props: React.ComponentProps<typeof NewsletterForm>) {
  useEffect(() => whenIdle(() => void loadForm()), []);
  return (
    <Suspense fallback={<NewsletterFields waiting />}>
      <NewsletterForm {...props} />
    </Suspense>
  );
}
