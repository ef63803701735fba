import { formatBytes } from '../../../../shared/limits';

/** A labelled bar with the count and, when known, the bytes; announced politely as it moves. */
export function ProgressBar({
  label,
  done,
  total,
  unit,
  bytesDone,
  bytesTotal,
}: {
  label: string;
  done: number;
  total: number;
  unit?: string;
  bytesDone?: number;
  bytesTotal?: number;
}) {
  const percent = total > 0 ? Math.min(100, Math.round((done / total) * 100)) : 0;
  const bytes = bytesTotal ? ` · ${formatBytes(bytesDone ?? 0)} of ${formatBytes(bytesTotal)}` : '';
  return (
    <div className="flex flex-col gap-1">
      <div className="flex flex-wrap justify-between gap-2 text-sm">
        <span className="font-medium">{label}</span>
        <span aria-live="polite">
          {unit
            ? total > 0
              ? `${done} of ${total} ${unit} (${percent}%)`
              : `${done} ${unit}`
            : `${formatBytes(done)} of ${formatBytes(total)} (${percent}%)`}
          {unit && bytes}
        </span>
      </div>
      <div
        role="progressbar"
        aria-label={label}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={percent}
        className="h-3 w-full overflow-hidden rounded-full bg-gray-200"
      >
        <div
          className="h-full rounded-full bg-brand-dark transition-[width]"
          style={{ width: `${total > 0 ? percent : 5}%` }}
        />
      </div>
    </div>
  );
}
