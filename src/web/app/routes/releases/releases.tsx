import { ReleasesScreen } from '../../../features/releases/components/releases-screen';

/** /app/releases (admins): collections of patterns published together at a chosen time. */
export function Component() {
  return (
    <div className="mx-auto w-full max-w-6xl px-4 py-8 sm:px-6 sm:py-12">
      <title>Releases · Partner Portal</title>
      <h1 className="text-2xl font-bold text-ink sm:text-3xl">Releases</h1>
      <p className="mt-2 text-sm text-gray-700">
        A release publishes its patterns together at its time: those that are ready (in review, not
        edited since) go live in one storefront delivery; the others are listed with why.
      </p>
      <div className="mt-8">
        <ReleasesScreen />
      </div>
    </div>
  );
}
