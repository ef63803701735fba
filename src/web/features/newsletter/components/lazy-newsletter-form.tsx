import { lazy, Suspense, useEffect, useState } from 'react';
import { NewsletterFields } from './newsletter-fields';

// The working form brings React Hook Form: not part of a first load (issue 15, first row on
// screen). It is fetched once the page has loaded and is idle; until then its look stands in,
// disabled (the footer is below the fold on every screen).
const NewsletterForm = lazy(() =>
  import('./newsletter-form').then((m) => ({ default: m.NewsletterForm })),
);

/** Runs `run` once the page has loaded and then been idle: never in the way of the screen's own first paint. */
const afterLoadWhenIdle = (run: () => void): (() => void) => {
  let cancel = () => {};
  const idle = () => {
    if ('requestIdleCallback' in window) {
      const id = window.requestIdleCallback(run, { timeout: 3000 });
      cancel = () => window.cancelIdleCallback(id);
    } else {
      const id = setTimeout(run, 500);
      cancel = () => clearTimeout(id);
    }
  };
  if (document.readyState === 'complete') idle();
  else {
    window.addEventListener('load', idle, { once: true });
    cancel = () => window.removeEventListener('load', idle);
  }
  return () => cancel();
};

/** The footer's newsletter box, its script loaded when the page is idle (NewsletterForm's props). */
export function LazyNewsletterForm(props: React.ComponentProps<typeof NewsletterForm>) {
  // Rendering the lazy form is what fetches it, so it is rendered only once the page is ready.
  const [wanted, setWanted] = useState(false);
  useEffect(() => afterLoadWhenIdle(() => setWanted(true)), []);
  const standIn = <NewsletterFields waiting />;
  if (!wanted) return standIn;
  return (
    <Suspense fallback={standIn}>
      <NewsletterForm {...props} />
    </Suspense>
  );
}
