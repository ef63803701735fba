import { Button } from '../../../components/button';
import { Spinner } from '../../../components/spinner';
import { useExportSubscribers, useNewsletterSummary } from '../api/export-subscribers';
import { loadErrorMessage } from '../../../lib/error-message';
import { formatDate } from '../../../lib/format';

/** Admins: how many addresses the footer's box collected, and the list as CSV. */
export function NewsletterExport() {
  const summary = useNewsletterSummary();
  const exportCsv = useExportSubscribers();
  const count = summary.data?.totalCountData;
  return (
    <section
      aria-labelledby="newsletter-export-heading"
      className="rounded-xl bg-white p-5 shadow-sm ring-1 ring-gray-200"
    >
      <h2 id="newsletter-export-heading" className="text-base font-bold text-ink">
        Newsletter list
      </h2>
      <p className="mt-1 text-sm text-gray-700" aria-live="polite">
        {summary.isPending
          ? 'Counting subscribers…'
          : summary.isError
            ? `The count could not be loaded: ${loadErrorMessage(summary.error)}`
            : `${count} ${count === 1 ? 'address' : 'addresses'}${summary.data.latestAt ? `, latest ${formatDate(summary.data.latestAt)}` : ''}.`}
      </p>
      <Button
        variant="secondary"
        className="mt-4 w-full"
        disabled={exportCsv.isPending || count === 0}
        onClick={() => exportCsv.mutate()}
      >
        {exportCsv.isPending && <Spinner />}
        Export CSV
      </Button>
    </section>
  );
}
