import { Button } from '../../../components/button';
import { formatCount } from '../../../lib/format';

export const SELECT_PAGE_LABEL = 'Select all on this page';

interface BulkBarPlaceholderProps {
  total: number;
  morePages: boolean;
  onSelectPage(): void;
}

/**
 * The bulk bar (bulk-bar.tsx) until its script arrives, once the first rows are painted: its
 * bulk contract evaluates a number format, the page's first (30–110 ms at 4× CPU: issue 50). The
 * same section and first button, working; the second button's words need that contract, so it
 * keeps its place unseen.
 */
export function BulkBarPlaceholder({ total, morePages, onSelectPage }: BulkBarPlaceholderProps) {
  return (
    <div className="flex flex-col gap-3">
      <section aria-label="Bulk actions" className="flex flex-wrap items-center gap-2 text-sm">
        <Button variant="secondary" onClick={onSelectPage} disabled={total === 0}>
          {SELECT_PAGE_LABEL}
        </Button>
        {morePages && (
          <Button variant="secondary" disabled aria-hidden className="invisible">
            Select all {formatCount(total)} matching the filters
          </Button>
        )}
      </section>
    </div>
  );
}
