import { Link, useParams } from 'react-router';
import { ImportStatus } from '../../../features/imports/components/import-status';

/** /app/imports/:id: one import's progress and report. */
export function Component() {
  const id = Number(useParams().id);
  return (
    <div className="mx-auto flex w-full max-w-6xl flex-col gap-5 px-4 py-8 sm:px-6">
      <title>{`Import #${id} · Partner Portal`}</title>
      <nav aria-label="Breadcrumb" className="text-sm">
        <Link to="/app/imports" className="underline">
          Imports
        </Link>
      </nav>
      <h1 className="text-2xl font-bold sm:text-3xl">Import #{id}</h1>
      <ImportStatus id={id} />
    </div>
  );
}
