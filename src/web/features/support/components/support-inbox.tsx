import { useSearchParams } from 'react-router';
import {
  SUPPORT_STATUSES,
  SupportListQuerySchema,
  type SupportStatus,
} from '../../../../shared/contracts/support';
import { LIMITS } from '../../../../shared/limits';
import { toast } from '../../../lib/toast';
import { Button } from '../../../components/button';
import { Spinner } from '../../../components/spinner';
import { useSupportMessages } from '../api/get-support-messages';
import { useMarkSupportMessage } from '../api/mark-support-message';
import { SupportMessageCard } from './support-message-card';
import { Pager } from '../../../components/pager';
import { loadErrorMessage } from '../../../lib/error-message';

const STATUS_LABELS: Record<SupportStatus, string> = {
  open: 'Open',
  handled: 'Handled',
  all: 'All',
};
const EMPTY: Record<SupportStatus, string> = {
  open: 'No open messages. Everything has been handled.',
  handled: 'No handled messages yet.',
  all: 'No support messages yet.',
};

/** Admins' support inbox: newest first, filtered by status, paged; state lives in the URL so a reload keeps it. */
export function SupportInbox() {
  const [search, setSearch] = useSearchParams();
  const parsed = SupportListQuerySchema.safeParse({
    status: search.get('status') ?? 'open',
    page: search.get('page') ?? undefined,
    pageSize: search.get('pageSize') ?? undefined,
  });
  const params = parsed.success ? parsed.data : SupportListQuerySchema.parse({ status: 'open' });
  const list = useSupportMessages(params);
  const mark = useMarkSupportMessage();

  const update = (next: Partial<typeof params>) => {
    const merged = { ...params, page: 1, ...next };
    setSearch(
      { status: merged.status, page: String(merged.page), pageSize: String(merged.pageSize) },
      { replace: true },
    );
  };

  const onMark = (id: number, handled: boolean) =>
    mark.mutate(
      { id, handled },
      {
        onSuccess: () =>
          toast.success(handled ? `Message #${id} marked handled` : `Message #${id} is open again`),
      },
    );

  return (
    <section aria-labelledby="inbox-heading" className="flex flex-col gap-4">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <h2 id="inbox-heading" className="text-xl font-bold text-ink">
          Support messages
        </h2>
        <div className="flex flex-wrap items-center gap-3">
          <fieldset className="flex rounded-md bg-white p-0.5 shadow-sm ring-1 ring-gray-300">
            <legend className="sr-only">Show</legend>
            {SUPPORT_STATUSES.map((s) => (
              <label
                key={s}
                className="cursor-pointer rounded px-3 py-1.5 text-sm font-medium has-checked:bg-ink has-checked:text-white has-focus-visible:outline-2 has-focus-visible:outline-blue-700"
              >
                <input
                  type="radio"
                  name="support-status"
                  value={s}
                  checked={params.status === s}
                  onChange={() => update({ status: s })}
                  className="sr-only"
                />
                {STATUS_LABELS[s]}
              </label>
            ))}
          </fieldset>
          <label className="flex items-center gap-2 text-sm text-gray-700">
            Per page
            <select
              value={params.pageSize}
              onChange={(e) => update({ pageSize: Number(e.target.value) })}
              className="rounded-md border border-gray-300 bg-white px-2 py-1.5 text-sm shadow-sm"
            >
              {LIMITS.pageSizes.map((n) => (
                <option key={n} value={n}>
                  {n}
                </option>
              ))}
            </select>
          </label>
        </div>
      </div>

      {list.isPending ? (
        <p role="status" className="flex items-center gap-2 py-10 text-sm text-gray-700">
          <Spinner /> Loading support messages…
        </p>
      ) : list.isError ? (
        <div
          role="alert"
          className="rounded-md border border-red-200 bg-red-50 p-4 text-sm text-red-800"
        >
          <p>Support messages could not be loaded: {loadErrorMessage(list.error)}</p>
          <Button variant="secondary" className="mt-3" onClick={() => list.refetch()}>
            Try again
          </Button>
        </div>
      ) : list.data.data.length === 0 ? (
        <p className="rounded-xl bg-white p-8 text-center text-sm text-gray-600 ring-1 ring-gray-200">
          {params.page > 1 ? 'This page is empty.' : EMPTY[params.status]}
        </p>
      ) : (
        <div
          className={`flex flex-col gap-3 transition-opacity ${list.isPlaceholderData ? 'opacity-60' : ''}`}
          aria-busy={list.isFetching || undefined}
        >
          {list.data.data.map((m) => (
            <SupportMessageCard
              key={m.id}
              message={m}
              busy={mark.isPending && mark.variables?.id === m.id}
              onMark={(handled) => onMark(m.id, handled)}
            />
          ))}
        </div>
      )}
      {list.data && list.data.totalCountData > 0 && (
        <Pager
          label="Support messages pages"
          page={params.page}
          pageSize={params.pageSize}
          total={list.data.totalCountData}
          onPage={(page) => update({ page })}
        />
      )}
    </section>
  );
}
