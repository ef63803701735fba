import { formatBytes } from '../../../../shared/limits';
import type { UploadProgress as Progress } from '../../../lib/api-client';

/** The whole submission's progress: percent and bytes, then a saving state once every byte is sent. */
export function UploadProgress({ progress }: { progress: Progress }) {
  const sent = progress.total > 0 && progress.loaded >= progress.total;
  const label = sent
    ? 'Uploaded. Saving the pattern…'
    : progress.total > 0
      ? `Uploading… ${progress.percent}% (${formatBytes(progress.loaded)} of ${formatBytes(progress.total)})`
      : 'Uploading… preparing files';
  return (
    <div
      className="rounded-lg border border-blue-200 bg-blue-50 p-3 sm:p-4"
      data-testid="upload-progress"
    >
      <p
        role="status"
        aria-live="polite"
        className="mb-2 flex items-center gap-2 text-sm font-semibold text-blue-900"
      >
        <span
          aria-hidden
          className="h-4 w-4 animate-spin rounded-full border-2 border-blue-300 border-t-blue-800"
        />
        {label}
      </p>
      <div
        role="progressbar"
        aria-label="Upload progress"
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={progress.percent}
        aria-valuetext={label}
        className="h-3 w-full overflow-hidden rounded-full bg-blue-100"
      >
        <div
          className={`h-full rounded-full bg-blue-700 transition-[width] duration-200 ${sent ? 'animate-pulse' : ''}`}
          style={{ width: `${progress.percent}%` }}
        />
      </div>
    </div>
  );
}
