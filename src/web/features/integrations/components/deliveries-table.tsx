import { toast, toastError } from '../../../lib/toast';
import { Button } from '../../../components/button';
import { Spinner } from '../../../components/spinner';
import { useDeliveries, useRedeliver } from '../api/webhook-endpoints';

const STATUS: Record<string, string> = {
  pending: 'Pending',
  succeeded: 'Delivered',
  failed: 'Failed',
};

/** An endpoint's recent deliveries: time, event, status code, duration, attempt, response excerpt; each can be sent again. */
export function DeliveriesTable({ endpointId }: { endpointId: number }) {
  const list = useDeliveries(endpointId);
  const redeliver = useRedeliver();
  if (list.isPending) return <Spinner />;
  if (list.isError)
    return <p className="text-sm text-red-700">The deliveries could not be loaded.</p>;
  if (!list.data.data.length)
    return (
      <p className="text-sm text-gray-600">
        No deliveries yet. Send a test event to try the endpoint.
      </p>
    );
  return (
    <div className="overflow-x-auto">
      <table className="min-w-full text-left text-sm">
        <caption className="sr-only">Recent deliveries</caption>
        <thead className="text-xs uppercase text-gray-600">
          <tr>
            <th scope="col" className="px-2 py-1">
              Time
            </th>
            <th scope="col" className="px-2 py-1">
              Event
            </th>
            <th scope="col" className="px-2 py-1">
              Status
            </th>
            <th scope="col" className="px-2 py-1">
              Code
            </th>
            <th scope="col" className="px-2 py-1">
              Duration
            </th>
            <th scope="col" className="px-2 py-1">
              Attempts
            </th>
            <th scope="col" className="px-2 py-1">
              Response
            </th>
            <th scope="col" className="px-2 py-1">
              <span className="sr-only">Actions</span>
            </th>
          </tr>
        </thead>
        <tbody className="divide-y divide-gray-200">
          {list.data.data.map((d) => (
            <tr key={d.id}>
              <td className="whitespace-nowrap px-2 py-1">
                {new Date(d.lastAttemptAt ?? d.createdAt).toLocaleString()}
              </td>
              <td className="px-2 py-1">
                <code>{d.eventType}</code>
              </td>
              <td className="px-2 py-1">{STATUS[d.status]}</td>
              <td className="px-2 py-1">{d.statusCode ?? '—'}</td>
              <td className="px-2 py-1">{d.durationMs === null ? '—' : `${d.durationMs} ms`}</td>
              <td className="px-2 py-1">{d.attempts}</td>
              <td className="max-w-56 truncate px-2 py-1" title={d.response ?? d.error ?? ''}>
                {d.response ?? d.error ?? '—'}
              </td>
              <td className="px-2 py-1">
                <Button
                  variant="secondary"
                  className="px-2 py-1"
                  disabled={redeliver.isPending}
                  onClick={() =>
                    redeliver.mutate(
                      { id: endpointId, deliveryId: d.id },
                      { onSuccess: (r) => toast.success(r.message), onError: (e) => toastError(e) },
                    )
                  }
                >
                  Redeliver
                </Button>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
