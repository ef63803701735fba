import { useState } from 'react';
import type { WebhookEndpoint } from '../../../../shared/contracts/integrations';
import { toast } from '../../../lib/toast';
import { Button } from '../../../components/button';
import { DateTime } from '../../../components/date-time';
import {
  useDeleteEndpoint,
  useEndPreviousSecret,
  useRotateSecret,
  useSendTest,
  useUpdateEndpoint,
} from '../api/webhook-endpoints';
import { DeliveriesTable } from './deliveries-table';
import { SecretNotice } from './secret-notice';

/** One endpoint: its settings, its actions (test, enable/disable, rotate secret, delete) and its deliveries. */
export function EndpointCard({ endpoint }: { endpoint: WebhookEndpoint }) {
  const [secret, setSecret] = useState<string | null>(null);
  const test = useSendTest();
  const update = useUpdateEndpoint();
  const rotate = useRotateSecret();
  const endPrevious = useEndPreviousSecret();
  const remove = useDeleteEndpoint();
  const done = {
    onSuccess: (r: { message: string }) => toast.success(r.message),
  };
  const toggle = () =>
    update.mutate(
      {
        id: endpoint.id,
        body: {
          url: endpoint.url,
          description: endpoint.description,
          events: endpoint.events as never,
          enabled: !endpoint.enabled,
        },
      },
      done,
    );

  return (
    <li className="flex min-w-0 flex-col gap-3 rounded-lg bg-white p-4 shadow-sm ring-1 ring-gray-200 sm:p-6">
      <div className="flex flex-wrap items-start justify-between gap-2">
        <div className="min-w-0">
          <h3 className="break-all font-mono text-sm font-semibold text-ink">{endpoint.url}</h3>
          {endpoint.description && <p className="text-sm text-gray-700">{endpoint.description}</p>}
          <p className="text-xs text-gray-600">{endpoint.events.join(', ')}</p>
          <p
            className={`text-sm font-medium ${endpoint.enabled ? 'text-green-800' : 'text-red-800'}`}
          >
            {endpoint.enabled
              ? 'Enabled'
              : `Disabled${endpoint.disabledReason ? ` — ${endpoint.disabledReason}` : ''}`}
          </p>
          {!endpoint.enabled && (
            <p className="text-xs text-gray-700">
              Deliveries are paused, not dropped: each waits up to a day, and enabling the endpoint
              sends them in order.
            </p>
          )}
          {endpoint.enabled && endpoint.failingSince && (
            <p className="text-xs text-amber-900">
              Failing
              <DateTime iso={endpoint.failingSince} joinedBy="since" /> (
              {endpoint.consecutiveFailures} failed{' '}
              {endpoint.consecutiveFailures === 1 ? 'attempt' : 'attempts'}).
            </p>
          )}
          {endpoint.previousSecretUntil && (
            <div className="mt-1 flex flex-wrap items-center gap-2">
              <p className="text-xs text-gray-600">
                The previous secret also signs until <DateTime iso={endpoint.previousSecretUntil} />
                .
              </p>
              <Button
                variant="secondary"
                className="px-2 py-1 text-xs"
                disabled={endPrevious.isPending}
                onClick={() =>
                  window.confirm(
                    'End the previous secret now? Receivers still using it will reject every delivery from now on.',
                  ) && endPrevious.mutate(endpoint.id, done)
                }
              >
                End the old secret now
              </Button>
            </div>
          )}
        </div>
        <div className="flex flex-wrap gap-2">
          <Button
            variant="secondary"
            disabled={test.isPending}
            onClick={() => test.mutate(endpoint.id, done)}
          >
            Send test event
          </Button>
          <Button variant="secondary" disabled={update.isPending} onClick={toggle}>
            {endpoint.enabled ? 'Disable' : 'Enable'}
          </Button>
          <Button
            variant="secondary"
            disabled={rotate.isPending}
            onClick={() =>
              rotate.mutate(endpoint.id, {
                onSuccess: (r) => (toast.success(r.message), setSecret(r.secret)),
              })
            }
          >
            Rotate secret
          </Button>
          <Button
            variant="danger"
            disabled={remove.isPending}
            onClick={() =>
              window.confirm(`Delete the endpoint ${endpoint.url}?`) &&
              remove.mutate(endpoint.id, done)
            }
          >
            Delete
          </Button>
        </div>
      </div>
      {secret && (
        <SecretNotice label="New signing secret" value={secret} onDone={() => setSecret(null)} />
      )}
      <h4 className="text-sm font-semibold text-ink">Deliveries</h4>
      <DeliveriesTable endpointId={endpoint.id} />
    </li>
  );
}
