import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { useAuth } from '../../../lib/auth';
import { NeedsAttention } from '../../../components/needs-attention';
import { ImportEntry } from '../../../components/import-entry';
import { APP_TITLE } from '../../../../shared/messages';

interface Feature {
  title: string;
  text: string;
  icon: ReactNode;
}

const svg = (d: string) => (
  <svg
    aria-hidden
    viewBox="0 0 24 24"
    className="h-6 w-6 fill-none stroke-current stroke-2"
    strokeLinecap="round"
    strokeLinejoin="round"
  >
    <path d={d} />
  </svg>
);

/** The four items of the spec's Advance Features section. */
const FEATURES: Feature[] = [
  {
    title: 'Add patterns',
    text: 'Submit a pattern with its details, sizes, sewing-instruction and size PDFs and photos in one form, then edit or delete it whenever you need to.',
    icon: svg('M12 5v14M5 12h14'),
  },
  {
    title: 'Multiple brands',
    text: 'Admin accounts see and manage the patterns of every brand; partner accounts work on their own brand, and the brand is filled in for them.',
    icon: svg('M4 7h16M4 12h16M4 17h10'),
  },
  {
    title: 'Show-case',
    text: 'Open any pattern to preview its PDFs and photos, check every size, and send complete patterns to review on the test environment.',
    icon: svg('M2 12s3.5-7 10-7 10 7 10 7-3.5 7-10 7S2 12 2 12zm10 3a3 3 0 1 0 0-6 3 3 0 0 0 0 6z'),
  },
  {
    title: 'Advanced filter and sorting',
    text: 'Find a pattern in the table by typing part of its name or ID, filter the list and sort it by any column, page by page.',
    icon: svg('M3 5h18l-7 8v6l-4-2v-4z'),
  },
];

const primaryLink =
  'inline-flex items-center justify-center rounded-md bg-ink px-5 py-3 text-sm font-semibold text-brand shadow-sm hover:bg-black';
const secondaryLink =
  'inline-flex items-center justify-center rounded-md border border-ink bg-white px-5 py-3 text-sm font-semibold text-ink shadow-sm hover:bg-gray-100';

/** /app/dashboard: the home page (spec section 1). */
export function Component() {
  const { user, isAdmin } = useAuth();
  return (
    <>
      <title>Dashboard · Partner Portal</title>
      <section className="bg-brand">
        <div className="mx-auto max-w-7xl px-4 pt-10 pb-14 sm:px-6 md:pt-16 md:pb-20">
          {user && (
            <p className="mb-3 text-sm font-semibold text-ink/80">Welcome back, {user.fullName}</p>
          )}
          <h1 className="max-w-3xl text-3xl leading-tight font-extrabold tracking-tight text-ink sm:text-4xl md:text-5xl">
            {APP_TITLE}
          </h1>
          <p className="mt-4 max-w-2xl text-base text-ink/80 sm:text-lg">
            Submit sewing-pattern product data, sizes, PDFs and photos for your brand, check it on
            the test environment and send it to review.
          </p>
          <div className="mt-8 flex flex-col gap-3 sm:flex-row">
            <Link to="/app/add-record" className={primaryLink}>
              Add new pattern
            </Link>
            <Link to="/app/show-records" className={secondaryLink}>
              Show your patterns
            </Link>
          </div>
        </div>
      </section>
      {user && (
        <div className="mx-auto grid max-w-7xl gap-4 px-4 pt-10 sm:px-6 md:grid-cols-2">
          {!isAdmin && <NeedsAttention />}
          <section
            aria-labelledby="import-heading"
            className="rounded-xl bg-white p-5 shadow-sm ring-1 ring-gray-200"
          >
            <h2 id="import-heading" className="text-xl font-bold text-ink">
              Many patterns at once
            </h2>
            <p className="mt-1 mb-3 text-sm text-gray-700">
              Fill the template with one row per size, add a ZIP of the files, and check everything
              before anything is saved.
            </p>
            <ImportEntry />
          </section>
        </div>
      )}
      <section
        aria-labelledby="features-heading"
        className="mx-auto max-w-7xl px-4 py-12 sm:px-6 md:py-16"
      >
        <h2 id="features-heading" className="text-2xl font-bold text-ink">
          Advance Features
        </h2>
        <p className="mt-2 max-w-2xl text-gray-700">
          Everything your team needs to get patterns from your studio to the catalogue.
        </p>
        <ul className="mt-8 grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
          {FEATURES.map((f) => (
            <li key={f.title} className="rounded-xl bg-white p-5 shadow-sm ring-1 ring-gray-200">
              <span className="flex h-11 w-11 items-center justify-center rounded-lg bg-brand text-ink">
                {f.icon}
              </span>
              <h3 className="mt-4 text-base font-semibold text-ink">{f.title}</h3>
              <p className="mt-2 text-sm leading-relaxed text-gray-700">{f.text}</p>
            </li>
          ))}
        </ul>
      </section>
    </>
  );
}
