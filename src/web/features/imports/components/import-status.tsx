import { Link } from 'react-router';
import {
  IMPORT_MSG,
  IMPORT_STATUS_LABELS,
  type ImportDetail,
} from '../../../../shared/contracts/imports';
import { toast } from '../../../lib/toast';
import { Button } from '../../../components/button';
import { QueryFailed } from '../../../components/query-states';
import { Spinner } from '../../../components/spinner';
import { filesPending, useImport } from '../api/get-imports';
import { useDownloadReport, useRunImport } from '../api/run-import';
import { ProgressBar } from './progress-bar';
import { IssuesTable, OutcomesTable } from './import-report';

/**
 * What the import has done, in words that hold while it runs (issue 34): nothing is counted as
 * "not imported" before the import has ended, and a check that found nothing to import says so
 * instead of offering a disabled "Import 0 patterns".
 */
function summary(job: ImportDetail): string | undefined {
  switch (job.status) {
    case 'checking':
    case 'importing':
      return undefined; // the progress bar says it: "Checking… 120 rows checked", "Importing… 40 of 200 patterns"
    case 'checked':
      return (
        `${job.rows} rows, ${job.patterns} patterns: ${job.valid} ready to import, ${job.skipped} to skip, ${job.failed} with problems.` +
        (job.valid === 0 ? ` ${IMPORT_MSG.nothingToImport}.` : '')
      );
    case 'failed':
    case 'done':
      // A job that failed before importing anything is told by its error alone.
      if (job.status === 'failed' && job.created + job.updated === 0) return undefined;
      return `${job.created} created, ${job.updated} updated, ${job.skipped} skipped, ${job.failed} not imported.`;
  }
}

/** One import: its progress while it runs (kept by the server if the user leaves), the report, and the Import button once checked. */
export function ImportStatus({ id }: { id: number }) {
  const query = useImport(id);
  const run = useRunImport(id);
  const report = useDownloadReport(id);
  if (query.isPending) {
    return (
      <p className="flex items-center gap-2 text-sm" role="status">
        <Spinner /> Loading the import…
      </p>
    );
  }
  if (query.isError)
    return <QueryFailed error={query.error} onRetry={() => void query.refetch()} />;
  const job: ImportDetail = query.data;
  const startImport = () =>
    run.mutate(undefined, {
      onSuccess: () => toast.info('Import started'),
    });
  return (
    <div className="flex flex-col gap-5">
      <div className="flex flex-wrap items-center gap-3">
        <span
          className="rounded-full bg-gray-100 px-3 py-1 text-sm font-semibold"
          data-testid="import-status"
        >
          {IMPORT_STATUS_LABELS[job.status]}
        </span>
        <span className="text-sm text-gray-700">
          {job.sheetName}
          {job.zipName ? ` with ${job.zipName}` : ''} ·{' '}
          {job.mode === 'update' ? 'updates existing Pattern IDs' : 'skips existing Pattern IDs'}
        </span>
      </div>
      {job.status === 'checking' && (
        <ProgressBar
          label="Checking…"
          done={job.done}
          total={0}
          unit="rows checked"
          bytesDone={job.bytesDone}
          bytesTotal={job.bytesTotal}
        />
      )}
      {job.status === 'importing' && (
        <ProgressBar
          label="Importing…"
          done={job.done}
          total={job.total}
          unit="patterns"
          bytesDone={job.bytesDone}
          bytesTotal={job.bytesTotal}
        />
      )}
      {filesPending(job) && (
        <ProgressBar
          label="Checking the imported files…"
          done={job.files.checked}
          total={job.files.total}
          unit="files checked"
        />
      )}
      {job.status === 'done' && job.files.total > 0 && !filesPending(job) && (
        <p className="text-sm" data-testid="import-files-checked">
          All {job.files.total} imported files checked (page facts and thumbnails).
        </p>
      )}
      {job.error && (
        <p role="alert" className="rounded-md bg-red-50 px-3 py-2 text-sm text-red-900">
          {job.error}
        </p>
      )}
      {summary(job) && (
        <p className="text-sm" aria-live="polite" data-testid="import-summary">
          {summary(job)}
        </p>
      )}
      <div className="flex flex-wrap gap-2">
        {job.status === 'checked' && job.valid > 0 && (
          <Button onClick={startImport} disabled={run.isPending}>
            {run.isPending && <Spinner />}
            Import {job.valid} {job.valid === 1 ? 'pattern' : 'patterns'}
          </Button>
        )}
        {job.status !== 'checking' && (
          <Button variant="secondary" onClick={() => report.mutate()} disabled={report.isPending}>
            Download report (CSV)
          </Button>
        )}
        <Link
          to="/app/imports/new"
          className="rounded-md border border-gray-300 bg-white px-4 py-2 text-sm font-semibold"
        >
          Upload a fixed sheet
        </Link>
        {job.status === 'done' && (
          <Link
            to="/app/show-records"
            className="rounded-md px-4 py-2 text-sm font-semibold underline"
          >
            Go to My Patterns
          </Link>
        )}
      </div>
      {job.status !== 'checking' && (
        <section aria-labelledby="import-problems" className="flex flex-col gap-2">
          <h2 id="import-problems" className="text-lg font-bold">
            Problems
          </h2>
          <IssuesTable job={job} />
        </section>
      )}
      {job.outcomes.length > 0 && (
        <section aria-labelledby="import-patterns" className="flex flex-col gap-2">
          <h2 id="import-patterns" className="text-lg font-bold">
            Patterns
          </h2>
          <OutcomesTable job={job} />
        </section>
      )}
    </div>
  );
}
