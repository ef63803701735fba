import { useEffect } from 'react';
import { useParams } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import { ApiError } from '../../../lib/api-client';
import { LoadingOverlay } from '../../../components/loading-overlay';
import { usePattern } from '../../../features/pattern-detail/api/get-pattern';
import { PatternHeader } from '../../../features/pattern-detail/components/pattern-header';
import { StatusPanel } from '../../../features/pattern-detail/components/status-panel';
import { PatternDetailsSection } from '../../../features/pattern-detail/components/pattern-details-section';
import { FilesPanel } from '../../../features/pattern-detail/components/files-panel';
import { NotFoundState } from '../../../features/pattern-detail/components/not-found-state';
import { LoadErrorState } from '../../../features/pattern-detail/components/load-error-state';
import { SizesTable } from '../../../features/sizes/components/sizes-table';
import { queryKeys } from '../../../lib/query-keys';

/** /app/show-records/{ID}: one pattern with its status, fields, files and sizes. */
export function Component() {
  const id = Number(useParams().id);
  const valid = Number.isInteger(id) && id > 0;
  const pattern = usePattern(id);
  const qc = useQueryClient();
  const title = pattern.data ? `${pattern.data.SFCC_Pattern_ID} · ${pattern.data.Pattern_Name}` : 'Pattern';
  useEffect(() => {
    document.title = `${title} · Partner Portal`;
  }, [title]);

  if (!valid || (pattern.error instanceof ApiError && (pattern.error.status === 404 || pattern.error.status === 400))) return <NotFoundState />;
  if (pattern.error) return <LoadErrorState error={pattern.error} onRetry={() => void qc.invalidateQueries({ queryKey: queryKeys.pattern(id) })} />;
  if (!pattern.data) return <LoadingOverlay label="Loading pattern…" />;

  const p = pattern.data;
  return (
    <div className="mx-auto flex max-w-6xl flex-col gap-6 px-4 py-6 sm:px-6">
      <PatternHeader pattern={p} />
      <div className="grid gap-6 lg:grid-cols-[1fr_20rem]">
        <div className="order-2 flex min-w-0 flex-col gap-6 lg:order-1">
          <PatternDetailsSection pattern={p} />
        </div>
        <div className="order-1 lg:order-2">
          <StatusPanel pattern={p} />
        </div>
      </div>
      <SizesTable patternId={p.ID} />
      <FilesPanel pattern={p} />
    </div>
  );
}
