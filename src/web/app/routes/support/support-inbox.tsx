import { Link } from 'react-router';
import { SupportInbox } from '../../../features/support/components/support-inbox';
import { NewsletterExport } from '../../../features/newsletter/components/newsletter-export';

/** /app/support-inbox (admins): the support messages and the newsletter list export. */
export function Component() {
  return (
    <div className="mx-auto w-full max-w-6xl px-4 py-8 sm:px-6 sm:py-12">
      <title>Support inbox · Partner Portal</title>
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h1 className="text-2xl font-bold text-ink sm:text-3xl">Support inbox</h1>
        <Link
          to="/app/contact-support"
          className="text-sm font-medium text-blue-800 hover:underline"
        >
          ← Contact Support
        </Link>
      </div>
      <div className="mt-8 grid gap-6 md:grid-cols-[minmax(0,1fr)_16rem] md:gap-8">
        <SupportInbox />
        <div className="md:pt-11">
          <NewsletterExport />
        </div>
      </div>
    </div>
  );
}
