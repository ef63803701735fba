import { Button } from '../../../components/button';
import { Spinner } from '../../../components/spinner';
import { formatCount } from '../../../lib/format';

interface ListActionsProps {
  selectedCount: number;
  onDeleteSelected(): void;
  onClearSelection(): void;
  onDownload(): void;
  downloading: boolean;
  /** Nothing to export for this filter. */
  nothingToDownload: boolean;
  /** Set while a filter or search narrows the list: offered whether or not anything matches. */
  onClearFilters?(): void;
}

/** What can be done with the selection and with the current filter. */
export function ListActions({
  selectedCount,
  onDeleteSelected,
  onClearSelection,
  onDownload,
  downloading,
  nothingToDownload,
  onClearFilters,
}: ListActionsProps) {
  return (
    <div className="flex flex-wrap items-center justify-between gap-2">
      <div className="flex flex-wrap items-center gap-2" aria-live="polite">
        {selectedCount > 0 && (
          <>
            <span className="text-sm font-medium">{formatCount(selectedCount)} selected</span>
            <Button variant="danger" onClick={onDeleteSelected}>
              Delete selected
            </Button>
            <Button variant="secondary" onClick={onClearSelection}>
              Clear selection
            </Button>
          </>
        )}
      </div>
      <div className="flex flex-wrap items-center gap-2">
        {onClearFilters && (
          <Button variant="secondary" onClick={onClearFilters}>
            Clear filters
          </Button>
        )}
        <Button
          variant="secondary"
          onClick={onDownload}
          disabled={downloading || nothingToDownload}
          title="Download the patterns of this view as CSV"
        >
          {downloading ? <Spinner /> : <DownloadIcon />}
          Download
        </Button>
      </div>
    </div>
  );
}

function DownloadIcon() {
  return (
    <svg aria-hidden viewBox="0 0 20 20" className="h-4 w-4 fill-current">
      <path d="M9.25 3h1.5v7.4l2.7-2.7 1.05 1.06L10 13.27 5.5 8.76l1.05-1.06 2.7 2.7V3zM4 15h12v1.5H4z" />
    </svg>
  );
}
