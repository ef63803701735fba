import { Link } from 'react-router';
import { useAuth } from '../../../lib/auth';
import { ContactSupportForm } from '../../../features/support/components/contact-support-form';
import { SupportContactCard } from '../../../features/support/components/support-contact-card';

/** /app/contact-support (signed-in users): the form, the phone line and hours; admins get a way to the inbox. */
export function Component() {
  const { isAdmin } = useAuth();
  return (
    <div className="mx-auto w-full max-w-6xl px-4 py-8 sm:px-6 sm:py-12">
      <title>Contact Support · Partner Portal</title>
      <h1 className="text-2xl font-bold text-ink sm:text-3xl">Contact Support</h1>
      <p className="mt-2 max-w-2xl text-gray-700">
        Questions about your patterns, uploads or account? Send us a message and the support team
        will reply by e-mail.
      </p>
      <div className="mt-8 grid gap-6 md:grid-cols-[minmax(0,1fr)_18rem] md:gap-8">
        <section
          aria-label="Write to support"
          className="order-2 rounded-xl bg-white p-5 shadow-sm ring-1 ring-gray-200 sm:p-8 md:order-1"
        >
          <ContactSupportForm />
        </section>
        <div className="order-1 flex flex-col gap-4 md:order-2">
          <SupportContactCard />
          {isAdmin && (
            <Link
              to="/app/support-inbox"
              className="rounded-xl bg-white p-4 text-sm font-semibold text-blue-800 shadow-sm ring-1 ring-gray-200 hover:bg-gray-50 hover:underline"
            >
              Support inbox and newsletter list →
            </Link>
          )}
        </div>
      </div>
    </div>
  );
}
