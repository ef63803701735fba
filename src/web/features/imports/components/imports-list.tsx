import { Link } from 'react-router';
import { IMPORT_STATUS_LABELS } from '../../../../shared/contracts/imports';
import { QueryFailed, QueryLoading } from '../../../components/query-states';
import { useImports } from '../api/get-imports';
import { DateTime } from '../../../components/date-time';

/** Imports of the brand (admins: every brand), newest first, each linking to its status screen. */
export function ImportsList({ showBrand }: { showBrand: boolean }) {
  const query = useImports();
  if (query.isPending) {
    return <QueryLoading>Loading imports…</QueryLoading>;
  }
  if (query.isError)
    return <QueryFailed error={query.error} onRetry={() => void query.refetch()} />;
  if (query.data.items.length === 0) {
    return (
      <div className="flex flex-col items-center gap-3 rounded-lg border border-dashed border-gray-300 bg-white px-6 py-12 text-center">
        <h2 className="text-lg font-bold">No imports yet</h2>
        <p className="text-sm text-gray-700">
          Bring a whole catalogue in one go: a sheet with one row per size, and a ZIP of its files.
        </p>
        <Link
          to="/app/imports/new"
          className="rounded-md bg-brand px-4 py-2 text-sm font-semibold text-ink shadow-sm hover:bg-brand-dark"
        >
          Import patterns
        </Link>
      </div>
    );
  }
  return (
    <div className="overflow-x-auto rounded-lg border border-gray-200 bg-white">
      <table className="w-full text-left text-sm">
        <caption className="sr-only">Imports</caption>
        <thead className="bg-gray-50">
          <tr>
            <th scope="col" className="px-3 py-2">
              Import
            </th>
            {showBrand && (
              <th scope="col" className="px-3 py-2">
                Brand
              </th>
            )}
            <th scope="col" className="px-3 py-2">
              Status
            </th>
            <th scope="col" className="px-3 py-2">
              Patterns
            </th>
            <th scope="col" className="px-3 py-2">
              By
            </th>
            <th scope="col" className="px-3 py-2">
              Started
            </th>
          </tr>
        </thead>
        <tbody>
          {query.data.items.map((j) => (
            <tr key={j.id} className="border-t border-gray-100">
              <td className="px-3 py-2">
                <Link className="underline" to={`/app/imports/${j.id}`}>
                  #{j.id} {j.sheetName}
                </Link>
              </td>
              {showBrand && <td className="px-3 py-2">{j.brandName ?? 'Any brand'}</td>}
              <td className="px-3 py-2">{IMPORT_STATUS_LABELS[j.status]}</td>
              <td className="px-3 py-2">
                {j.status === 'done' ? `${j.created + j.updated} of ${j.patterns}` : j.patterns}
              </td>
              <td className="px-3 py-2">{j.createdBy ?? ''}</td>
              <td className="px-3 py-2 whitespace-nowrap">
                <DateTime iso={j.createdAt} relative />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
