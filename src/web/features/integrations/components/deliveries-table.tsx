import { useState } from 'react';
import type { Delivery } from '../../../../shared/contracts/integrations';
import { toast } from '../../../lib/toast';
import { Button } from '../../../components/button';
import { DateTime } from '../../../components/date-time';
import { formatDateTime } from '../../../lib/format';
import { Pager } from '../../../components/pager';
import { Spinner } from '../../../components/spinner';
import { useDeliveries, useRedeliver, useRedeliverFailed } from '../api/webhook-endpoints';

const STATUS: Record<Delivery['status'], string> = {
  pending: 'Pending',
  succeeded: 'Delivered',
  failed: 'Failed',
};
const HEADINGS = ['Time', 'Event', 'Status', 'Code', 'Duration', 'Attempts', 'Response'];

const at = (d: Delivery) => d.lastAttemptAt ?? d.createdAt;
const outcome = (d: Delivery) => d.response ?? d.error ?? '—';

/**
 * An endpoint's deliveries, a page at a time, all or failed only: time, event, status code,
 * duration, attempts, response excerpt; each can be sent again, or every failed one at once. A
 * table from 640 px, one block per delivery below, so a phone never pans sideways.
 */
export function DeliveriesTable({ endpointId }: { endpointId: number }) {
  const [failedOnly, setFailedOnly] = useState(false);
  const [page, setPage] = useState(1);
  const list = useDeliveries(endpointId, { status: failedOnly ? 'failed' : undefined, page });
  const redeliver = useRedeliver();
  const redeliverFailed = useRedeliverFailed();
  const again = (d: Delivery) => (
    <Button
      variant="secondary"
      className="px-2 py-1"
      disabled={redeliver.isPending}
      aria-label={`Redeliver ${d.eventType} of ${formatDateTime(at(d))}`}
      onClick={() =>
        redeliver.mutate(
          { id: endpointId, deliveryId: d.id },
          { onSuccess: (r) => toast.success(r.message) },
        )
      }
    >
      Redeliver
    </Button>
  );

  const rows = list.data?.data ?? [];
  return (
    <div className="flex min-w-0 flex-col gap-3">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <label className="flex items-center gap-2 text-sm text-ink">
          <input
            type="checkbox"
            className="size-4"
            checked={failedOnly}
            onChange={(e) => (setFailedOnly(e.target.checked), setPage(1))}
          />
          Failed only
        </label>
        <Button
          variant="secondary"
          className="px-2 py-1"
          disabled={redeliverFailed.isPending}
          onClick={() =>
            redeliverFailed.mutate(endpointId, {
              onSuccess: (r) => (r.count ? toast.success(r.message) : toast.info(r.message)),
            })
          }
        >
          Redeliver failed
        </Button>
      </div>
      {list.isPending ? (
        <Spinner />
      ) : list.isError ? (
        <p className="text-sm text-red-700" role="alert">
          The deliveries could not be loaded.{' '}
          <button type="button" className="underline" onClick={() => void list.refetch()}>
            Try again
          </button>
        </p>
      ) : !rows.length ? (
        <p className="text-sm text-gray-600">
          {failedOnly
            ? 'No failed deliveries.'
            : 'No deliveries yet. Send a test event to try the endpoint.'}
        </p>
      ) : (
        <>
          <ul className="flex flex-col divide-y divide-gray-200 text-sm sm:hidden">
            {rows.map((d) => (
              <li key={d.id} className="flex flex-col gap-1 py-2">
                <div className="flex flex-wrap items-center justify-between gap-2">
                  <code className="break-all">{d.eventType}</code>
                  <span className="font-medium">
                    {STATUS[d.status]}
                    {d.statusCode !== null && ` · ${d.statusCode}`}
                  </span>
                </div>
                <p className="text-xs text-gray-600">
                  <DateTime iso={at(d)} relative /> · {d.attempts}{' '}
                  {d.attempts === 1 ? 'attempt' : 'attempts'}
                  {d.durationMs !== null && ` · ${d.durationMs} ms`}
                </p>
                <p className="break-all text-xs text-gray-700">{outcome(d)}</p>
                <div>{again(d)}</div>
              </li>
            ))}
          </ul>
          <div className="hidden overflow-x-auto sm:block">
            <table className="min-w-full text-left text-sm">
              <caption className="sr-only">Deliveries</caption>
              <thead className="text-xs uppercase text-gray-600">
                <tr>
                  {HEADINGS.map((h) => (
                    <th key={h} scope="col" className="px-2 py-1">
                      {h}
                    </th>
                  ))}
                  <th scope="col" className="px-2 py-1">
                    <span className="sr-only">Actions</span>
                  </th>
                </tr>
              </thead>
              <tbody className="divide-y divide-gray-200">
                {rows.map((d) => (
                  <tr key={d.id}>
                    <td className="whitespace-nowrap px-2 py-1">
                      <DateTime iso={at(d)} relative />
                    </td>
                    <td className="px-2 py-1">
                      <code>{d.eventType}</code>
                    </td>
                    <td className="px-2 py-1">{STATUS[d.status]}</td>
                    <td className="px-2 py-1">{d.statusCode ?? '—'}</td>
                    <td className="px-2 py-1">
                      {d.durationMs === null ? '—' : `${d.durationMs} ms`}
                    </td>
                    <td className="px-2 py-1">{d.attempts}</td>
                    <td className="max-w-56 truncate px-2 py-1" title={outcome(d)}>
                      {outcome(d)}
                    </td>
                    <td className="px-2 py-1">{again(d)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        </>
      )}
      {list.data && list.data.total > list.data.pageSize && (
        <Pager
          label="Deliveries pages"
          page={list.data.page}
          pageSize={list.data.pageSize}
          total={list.data.total}
          onPage={setPage}
        />
      )}
    </div>
  );
}
