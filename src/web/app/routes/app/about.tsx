import { Link } from 'react-router';
import { SUPPORT_HOURS, SUPPORT_PHONE } from '../../../../shared/messages';

/** The three-step guide of spec section 1 ("Guidance shown to users"). */
const STEPS = [
  {
    title: 'Select',
    text: 'Select Add Patterns in the navigation to open the Pattern Submission Form.',
  },
  {
    title: 'Fill out the fields',
    text: 'Fill out the fields for each pattern and add its sizes, each with its pattern PDF.',
  },
  {
    title: 'Upload',
    text: 'Upload to the test environment, check the accuracy of the fields and photos, then confirm the product is complete.',
  },
] as const;

/** What the portal lets partners do (spec section 1, "Advertised features"). */
const CAN_DO = [
  'Add, edit and delete your own patterns',
  'Upload pattern PDFs and images',
  'Download your files',
  'Filter and sort your patterns in a table',
  "View several brands' patterns with an admin account",
];

/** /app/about: the landing page with the banner, the guide and the support line. */
export function Component() {
  return (
    <>
      <title>About · Partner Portal</title>
      <section className="relative overflow-hidden bg-ink text-white">
        {/* Dashed "cutting lines" behind the banner text: decorative only. */}
        <svg
          aria-hidden
          className="absolute inset-0 h-full w-full opacity-20"
          preserveAspectRatio="none"
          viewBox="0 0 400 200"
        >
          <path
            d="M-20 160 C 80 60, 160 220, 260 110 S 380 20, 440 80"
            fill="none"
            stroke="#fce300"
            strokeWidth="2"
            strokeDasharray="8 6"
          />
          <path
            d="M-20 60 C 60 140, 200 -10, 300 60 S 400 180, 440 140"
            fill="none"
            stroke="#fce300"
            strokeWidth="2"
            strokeDasharray="8 6"
          />
        </svg>
        <div className="relative mx-auto max-w-7xl px-4 py-14 sm:px-6 md:py-20">
          <p className="text-sm font-semibold tracking-wide text-brand uppercase">
            About the portal
          </p>
          <h1 className="mt-2 max-w-3xl text-3xl leading-tight font-extrabold tracking-tight sm:text-4xl">
            Your patterns, ready for customers at scale
          </h1>
          <p className="mt-4 max-w-2xl text-gray-300 sm:text-lg">
            Brand partners and publisher staff use Partner Portal to submit sewing-pattern product
            data to our pattern-projection service, which lets customers view your patterns at
            scale.
          </p>
        </div>
      </section>

      <section
        aria-labelledby="steps-heading"
        className="mx-auto max-w-7xl px-4 py-12 sm:px-6 md:py-16"
      >
        <h2 id="steps-heading" className="text-2xl font-bold text-ink">
          How it works
        </h2>
        <ol className="mt-8 grid gap-4 md:grid-cols-3">
          {STEPS.map((step, i) => (
            <li key={step.title} className="rounded-xl bg-white p-6 shadow-sm ring-1 ring-gray-200">
              <span
                aria-hidden
                className="flex h-10 w-10 items-center justify-center rounded-full bg-brand text-lg font-bold text-ink"
              >
                {i + 1}
              </span>
              <h3 className="mt-4 text-lg font-semibold text-ink">{step.title}</h3>
              <p className="mt-2 text-sm leading-relaxed text-gray-700">{step.text}</p>
            </li>
          ))}
        </ol>
        <div className="mt-8">
          <Link
            to="/app/add-record"
            className="inline-flex items-center justify-center rounded-md bg-brand px-5 py-3 text-sm font-semibold text-ink shadow-sm hover:bg-brand-dark"
          >
            Add a pattern
          </Link>
        </div>
      </section>

      <section className="border-t border-gray-200 bg-white">
        <div className="mx-auto grid max-w-7xl gap-10 px-4 py-12 sm:px-6 md:grid-cols-2 md:py-16">
          <div>
            <h2 className="text-xl font-bold text-ink">What you can do</h2>
            <ul className="mt-4 flex flex-col gap-2 text-gray-700">
              {CAN_DO.map((item) => (
                <li key={item} className="flex gap-2">
                  <svg
                    aria-hidden
                    viewBox="0 0 20 20"
                    className="mt-1 h-4 w-4 shrink-0 fill-none stroke-ink stroke-[2.5]"
                  >
                    <path d="M4 10.5 8 14l8-8" strokeLinecap="round" strokeLinejoin="round" />
                  </svg>
                  {item}
                </li>
              ))}
            </ul>
          </div>
          <div
            aria-labelledby="support-heading"
            role="region"
            className="rounded-xl bg-gray-50 p-6 ring-1 ring-gray-200"
          >
            <h2 id="support-heading" className="text-xl font-bold text-ink">
              Need help?
            </h2>
            <p className="mt-2 text-gray-700">
              Write to us from the Support tab, or call the support line.
            </p>
            <dl className="mt-4 grid grid-cols-[auto_1fr] gap-x-4 gap-y-2 text-sm">
              <dt className="font-semibold text-ink">Hours</dt>
              <dd className="text-gray-700">{SUPPORT_HOURS}</dd>
              <dt className="font-semibold text-ink">Phone</dt>
              <dd>
                <a
                  href={`tel:${SUPPORT_PHONE.replace(/[^+\d]/g, '')}`}
                  className="font-medium whitespace-nowrap text-blue-800 hover:underline"
                >
                  {SUPPORT_PHONE}
                </a>
              </dd>
            </dl>
            <Link
              to="/app/contact-support"
              className="mt-6 inline-flex items-center justify-center rounded-md border border-ink bg-white px-4 py-2 text-sm font-semibold text-ink hover:bg-gray-100"
            >
              Contact Support
            </Link>
          </div>
        </div>
      </section>
    </>
  );
}
