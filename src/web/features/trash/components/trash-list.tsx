import { useState } from 'react';
import type { TrashItem } from '../../../../shared/contracts/trash';
import { TRASH_MSG } from '../../../../shared/contracts/trash-paths';
import { Button } from '../../../components/button';
import { QueryFailed, QueryLoading } from '../../../components/query-states';
import { DateTime } from '../../../components/date-time';
import { Pager } from '../../../components/pager';
import { Spinner } from '../../../components/spinner';
import { toast } from '../../../lib/toast';
import { useTrash } from '../api/get-trash';
import { useRestorePatterns } from '../api/restore-patterns';

const plural = (n: number, one: string) => `${n} ${one}${n === 1 ? '' : 's'}`;

/** The Trash: deleted patterns of the user's brand (admins: every brand), each restorable. */
export function TrashList({ showBrand }: { showBrand: boolean }) {
  const [page, setPage] = useState(1);
  const query = useTrash(page);
  const restore = useRestorePatterns();
  const [restoring, setRestoring] = useState<number | null>(null);

  const onRestore = (item: TrashItem) => {
    setRestoring(item.ID);
    restore.mutate([item.ID], {
      onSuccess: (res) => toast.success(`${res.message}: ${item.SFCC_Pattern_ID}`),
      onSettled: () => setRestoring(null),
    });
  };

  if (query.isPending) {
    return <QueryLoading>Loading the Trash…</QueryLoading>;
  }
  if (query.isError)
    return <QueryFailed error={query.error} onRetry={() => void query.refetch()} />;
  const { data, total, pageSize, retentionDays } = query.data;
  return (
    <div className="flex flex-col gap-4">
      <p className="text-sm text-gray-700">{TRASH_MSG.retention(retentionDays)}</p>
      {total === 0 ? (
        <div className="flex flex-col items-center gap-2 rounded-lg border border-dashed border-gray-300 bg-white px-6 py-12 text-center">
          <h2 className="text-lg font-bold">{TRASH_MSG.empty}</h2>
          <p className="text-sm text-gray-700">
            Patterns you delete wait here until you restore them.
          </p>
        </div>
      ) : (
        <ul
          className="divide-y divide-gray-100 rounded-lg border border-gray-200 bg-white"
          aria-label="Deleted patterns"
        >
          {data.map((item) => (
            <li
              key={item.ID}
              className="flex flex-col gap-3 px-4 py-3 sm:flex-row sm:items-center sm:justify-between"
            >
              <div className="min-w-0 text-sm">
                <p className="font-semibold wrap-anywhere text-ink">
                  {item.SFCC_Pattern_ID}{' '}
                  <span className="font-normal text-gray-800">{item.Pattern_Name}</span>
                </p>
                <p className="text-gray-700">
                  {showBrand && <>{item.brandName} · </>}
                  {plural(item.sizes, 'size')}, {plural(item.files, 'file')}
                </p>
                <p className="text-gray-700">
                  Deleted <DateTime iso={item.deletedAt} relative />
                  {item.deletedBy && <> by {item.deletedBy}</>} · deleted for good on{' '}
                  <DateTime iso={item.purgeAt} dateOnly />
                </p>
              </div>
              <Button
                variant="secondary"
                className="shrink-0 self-start sm:self-center"
                onClick={() => onRestore(item)}
                disabled={restoring !== null}
                aria-label={`Restore ${item.SFCC_Pattern_ID}`}
              >
                {restoring === item.ID && <Spinner />}
                Restore
              </Button>
            </li>
          ))}
        </ul>
      )}
      {total > pageSize && (
        <Pager label="Trash pages" page={page} pageSize={pageSize} total={total} onPage={setPage} />
      )}
    </div>
  );
}
