import { Spinner } from '../../../components/spinner';
import { useWebhookEndpoints } from '../api/webhook-endpoints';
import { EndpointCard } from './endpoint-card';
import { EndpointForm } from './endpoint-form';

export function WebhooksPanel() {
  const list = useWebhookEndpoints();
  return (
    <section aria-labelledby="webhooks-heading" className="flex flex-col gap-4">
      <h2 id="webhooks-heading" className="text-xl font-bold text-ink">
        Webhooks
      </h2>
      <p className="text-sm text-gray-700">
        Signed with the Standard Webhooks scheme and retried for about a day. See
        docs/integrations.md for verifying signatures.
      </p>
      {list.isPending ? (
        <Spinner />
      ) : list.isError ? (
        <p className="text-sm text-red-700" role="alert">
          The endpoints could not be loaded.
        </p>
      ) : list.data.data.length === 0 ? (
        <p className="text-sm text-gray-600">No webhook endpoints yet.</p>
      ) : (
        <ul className="flex flex-col gap-4">
          {list.data.data.map((e) => (
            <EndpointCard key={e.id} endpoint={e} />
          ))}
        </ul>
      )}
      <EndpointForm />
    </section>
  );
}
