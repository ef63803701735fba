import type { MissingItem } from '../../../../shared/contracts/pattern-detail';

/** docs/product-decisions.md's "complete": what the pattern still lacks, or that nothing does. */
export function MissingList({
  missing,
  intro = 'Missing before it can be sent to review:',
}: {
  missing: MissingItem[];
  intro?: string;
}) {
  if (!missing.length) {
    return (
      <p className="flex items-center gap-2 text-sm text-green-800" data-testid="pattern-complete">
        <svg aria-hidden viewBox="0 0 20 20" className="h-4 w-4 fill-current">
          <path d="M8 13.2 4.8 10l-1.1 1.1L8 15.4l8.3-8.3-1.1-1.1z" />
        </svg>
        Complete: every required field, size and PDF is there.
      </p>
    );
  }
  return (
    <div
      className="rounded-md border border-red-200 bg-red-50 p-3 text-sm text-red-900"
      data-testid="pattern-missing"
    >
      <p className="font-semibold">{intro}</p>
      <ul className="mt-1 list-disc pl-5">
        {missing.map((m) => (
          <li key={m.field}>{m.message}</li>
        ))}
      </ul>
    </div>
  );
}
