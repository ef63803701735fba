import type { ReactNode } from 'react';
import { SUPPORT_HOURS, SUPPORT_PHONE } from '../../shared/messages';
import { SocialLinks } from './social-links';

/**
 * The footer on every screen: the newsletter box, the support line and the social links. The
 * newsletter form is a feature, so the app layout passes it in (shared components never import features).
 */
export function Footer({
  newsletter,
  instagramUrl,
}: {
  newsletter?: ReactNode;
  instagramUrl?: string | null;
}) {
  return (
    <footer className="bg-ink text-gray-200">
      <div className="mx-auto grid max-w-7xl gap-10 px-4 py-10 sm:px-6 md:grid-cols-[minmax(0,1fr)_auto] md:gap-16 md:py-12">
        <section aria-labelledby="newsletter-heading" className="max-w-xl">
          <h2 id="newsletter-heading" className="text-lg font-bold text-white">
            Subscribe to our newsletter.
          </h2>
          <p className="mt-2 text-sm text-gray-300">
            New portal features, submission tips and review schedules, a few times a year.
          </p>
          <div className="mt-4">{newsletter}</div>
        </section>
        <div>
          <h2 className="text-sm font-semibold text-white">Support line</h2>
          <p className="mt-3 text-sm">
            <a
              href={`tel:${SUPPORT_PHONE.replace(/[^+\d]/g, '')}`}
              className="text-gray-300 hover:text-brand hover:underline"
            >
              {SUPPORT_PHONE}
            </a>
          </p>
          <p className="mt-1 text-sm text-gray-400">{SUPPORT_HOURS}</p>
        </div>
      </div>
      <div className="border-t border-white/10">
        <div className="mx-auto flex max-w-7xl flex-col-reverse items-center justify-between gap-3 px-4 py-4 sm:flex-row sm:px-6">
          <p className="text-xs text-gray-400">
            © {new Date().getFullYear()} Partner Portal. All rights reserved.
          </p>
          <SocialLinks instagramUrl={instagramUrl} />
        </div>
      </div>
    </footer>
  );
}
