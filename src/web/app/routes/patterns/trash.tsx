import { Link } from 'react-router';
import { useAuth } from '../../../lib/auth';
import { TrashList } from '../../../features/trash/components/trash-list';
import { PATTERN_LIST_PATH } from '../../paths';

/** /app/trash: deleted patterns, restorable until the daily purge. */
export function Component() {
  const { isAdmin } = useAuth();
  return (
    <div className="mx-auto flex w-full max-w-6xl flex-col gap-5 px-4 py-8 sm:px-6">
      <title>Trash · Partner Portal</title>
      <nav aria-label="Breadcrumb" className="text-sm">
        <Link to={PATTERN_LIST_PATH} className="underline">
          My Patterns
        </Link>
      </nav>
      <h1 className="text-2xl font-bold sm:text-3xl">Trash</h1>
      <TrashList showBrand={isAdmin} />
    </div>
  );
}
