import { Link } from 'react-router';
import { useAuth } from '../../../lib/auth';
import { ImportsList } from '../../../features/imports/components/imports-list';

/** /app/imports: the brand's bulk imports. */
export function Component() {
  const { isAdmin } = useAuth();
  return (
    <div className="mx-auto flex w-full max-w-6xl flex-col gap-5 px-4 py-8 sm:px-6">
      <title>Imports · Partner Portal</title>
      <div className="flex flex-wrap items-end justify-between gap-3">
        <h1 className="text-2xl font-bold sm:text-3xl">Imports</h1>
        <Link
          to="/app/imports/new"
          className="rounded-md bg-brand px-4 py-2 text-sm font-semibold text-ink shadow-sm hover:bg-brand-dark"
        >
          Import patterns
        </Link>
      </div>
      <ImportsList showBrand={isAdmin} />
    </div>
  );
}
