import type { PreflightWarning } from '../../../../shared/contracts/preflight';

/** The publisher's preflight warnings about the pattern's files (docs/preflight.md), for the reviewer. They never block review. */
export function PreflightWarnings({ warnings }: { warnings: PreflightWarning[] | undefined }) {
  if (!warnings?.length) return null;
  return (
    <div
      className="rounded-md border border-amber-300 bg-amber-50 p-3 text-sm text-amber-900"
      data-testid="preflight-warnings"
    >
      <p className="font-semibold">File checks to look at:</p>
      <ul className="mt-1 list-disc pl-5">
        {warnings.map((w) => (
          <li key={`${w.fileId}-${w.rule}`}>
            <span className="break-all font-medium">{w.fileName}</span>: {w.message}
          </li>
        ))}
      </ul>
    </div>
  );
}
