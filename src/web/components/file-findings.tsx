import { describeCheck, type FileCheck } from '../../shared/contracts/preflight';

/** What the upload preflight found in a file (docs/preflight.md), and the reviewer's warnings about it. */
export function FileFindings({
  check,
  warnings,
}: {
  check?: FileCheck | null;
  warnings?: string[];
}) {
  if (!check && !warnings?.length) return null;
  return (
    <div className="flex flex-col gap-1 text-sm" data-testid="file-findings">
      {check && <p className="text-gray-700">{describeCheck(check)}</p>}
      {warnings?.map((w) => (
        <p
          key={w}
          className="flex gap-1.5 rounded border border-amber-300 bg-amber-50 px-2 py-1 text-amber-900"
          data-testid="file-warning"
        >
          <svg aria-hidden viewBox="0 0 20 20" className="mt-0.5 h-4 w-4 shrink-0 fill-current">
            <path d="M10 2 1 18h18L10 2zm-1 6h2v5H9V8zm0 6h2v2H9v-2z" />
          </svg>
          <span>
            <span className="sr-only">Warning: </span>
            {w}
          </span>
        </p>
      ))}
    </div>
  );
}
