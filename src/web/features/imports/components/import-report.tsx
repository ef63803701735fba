import { Link } from 'react-router';
import type { ImportDetail, ImportOutcome } from '../../../../shared/contracts/imports';

const OUTCOME_LABELS: Record<ImportOutcome['outcome'], string> = {
  ready: 'Ready to import',
  invalid: 'Not imported',
  skip: 'Will be skipped',
  created: 'Created',
  updated: 'Updated',
  skipped: 'Skipped',
  failed: 'Not imported',
};

/** The check's problems, each at its sheet row and column, as the form would say them. */
export function IssuesTable({ job }: { job: ImportDetail }) {
  if (job.issues.length === 0) return <p className="text-sm text-gray-700">No problems found.</p>;
  return (
    <div className="overflow-x-auto rounded-lg border border-gray-200 bg-white">
      <table className="w-full text-left text-sm">
        <caption className="sr-only">Problems found in the sheet and the ZIP</caption>
        <thead className="bg-gray-50">
          <tr>
            <th scope="col" className="px-3 py-2">
              Row
            </th>
            <th scope="col" className="px-3 py-2">
              Column
            </th>
            <th scope="col" className="px-3 py-2">
              Problem
            </th>
          </tr>
        </thead>
        <tbody>
          {job.issues.map((i, n) => (
            <tr key={n} className="border-t border-gray-100">
              <td className="px-3 py-2 whitespace-nowrap">{i.row === 0 ? '—' : i.row}</td>
              <td className="px-3 py-2 whitespace-nowrap">{i.column}</td>
              <td className="px-3 py-2">{i.message}</td>
            </tr>
          ))}
        </tbody>
      </table>
      {job.issuesTruncated && (
        <p className="px-3 py-2 text-sm text-gray-700">
          More problems are listed in the downloadable report.
        </p>
      )}
    </div>
  );
}

/** What happened to each pattern of the sheet, with a link to those that were created or updated. */
export function OutcomesTable({ job }: { job: ImportDetail }) {
  if (job.outcomes.length === 0) return null;
  return (
    <div className="overflow-x-auto rounded-lg border border-gray-200 bg-white">
      <table className="w-full text-left text-sm">
        <caption className="sr-only">Patterns of the sheet</caption>
        <thead className="bg-gray-50">
          <tr>
            <th scope="col" className="px-3 py-2">
              Pattern ID
            </th>
            <th scope="col" className="px-3 py-2">
              Row
            </th>
            <th scope="col" className="px-3 py-2">
              Result
            </th>
            <th scope="col" className="px-3 py-2">
              Reason
            </th>
          </tr>
        </thead>
        <tbody>
          {job.outcomes.map((o) => (
            <tr key={`${o.patternId}-${o.row}`} className="border-t border-gray-100">
              <td className="px-3 py-2 whitespace-nowrap">
                {o.recordId ? (
                  <Link className="underline" to={`/app/show-records/${o.recordId}`}>
                    {o.patternId}
                  </Link>
                ) : (
                  o.patternId
                )}
              </td>
              <td className="px-3 py-2">{o.row}</td>
              <td className="px-3 py-2 whitespace-nowrap">{OUTCOME_LABELS[o.outcome]}</td>
              <td className="px-3 py-2">{o.reason ?? ''}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
