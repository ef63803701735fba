import { useState } from 'react';
import { FILE_PATHS } from '../../../../shared/contracts/files';
import { Pager } from '../../../components/pager';
import { Spinner } from '../../../components/spinner';
import { Button } from '../../../components/button';
import { DateTime } from '../../../components/date-time';
import { useDownloadFile } from '../../../lib/download';
import { useActivity } from '../api/get-activity';

const PAGE_SIZE = 20;

/** The pattern's timeline, newest first, paged; each entry a sentence, files linked as they are now. */
export function ActivityList({ patternId }: { patternId: number }) {
  const [page, setPage] = useState(1);
  const q = useActivity(patternId, page, PAGE_SIZE);
  const download = useDownloadFile();
  if (q.isPending) {
    return (
      <p className="flex items-center gap-2 text-sm text-gray-700" role="status">
        <Spinner /> Loading activity…
      </p>
    );
  }
  if (q.isError) {
    return (
      <div role="alert" className="flex flex-wrap items-center gap-3 text-sm text-red-800">
        Failed to fetch
        <Button variant="secondary" onClick={() => void q.refetch()}>
          Try again
        </Button>
      </div>
    );
  }
  const { data, total } = q.data;
  if (total === 0)
    return <p className="text-sm text-gray-700">Nothing has been recorded for this pattern yet.</p>;
  return (
    <div className="flex flex-col gap-4">
      <ol className="flex flex-col gap-3" data-testid="activity-list">
        {data.map((e) => (
          <li key={e.id} className="rounded-md border border-gray-200 bg-white p-3">
            <p className="text-sm text-ink" data-testid="activity-text">
              {e.text}
            </p>
            {e.lines.length > 0 && (
              <ul className="mt-1 list-disc pl-5 text-sm text-gray-800">
                {e.lines.map((l, i) => (
                  <li key={i}>{l}</li>
                ))}
              </ul>
            )}
            {e.files.length > 0 && (
              <p className="mt-1 text-sm">
                {e.files.map((f) => (
                  // The download needs the bearer token: a plain link cannot send it.
                  <button
                    key={f.id}
                    type="button"
                    className="mr-3 text-blue-800 underline"
                    aria-label={`Download ${f.fileName}`}
                    onClick={() =>
                      download.mutate({ path: FILE_PATHS.download(f.id), fileName: f.fileName })
                    }
                  >
                    {f.fileName}
                  </button>
                ))}
              </p>
            )}
            <p className="mt-1 text-xs text-gray-600">
              <DateTime iso={e.at} relative />
            </p>
          </li>
        ))}
      </ol>
      <Pager
        label="Activity pages"
        page={page}
        pageSize={PAGE_SIZE}
        total={total}
        onPage={setPage}
      />
    </div>
  );
}
