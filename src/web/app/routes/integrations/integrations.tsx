import { TokensPanel } from '../../../features/integrations/components/tokens-panel';
import { WebhooksPanel } from '../../../features/integrations/components/webhooks-panel';
import { StorefrontPanel } from '../../../features/storefront/components/storefront-panel';
import { useBrandList } from '../../../lib/brand-list';

/** /app/integrations (admins): webhook endpoints with their deliveries, and API tokens. */
export function Component() {
  const brands = useBrandList();
  return (
    <div className="mx-auto w-full max-w-6xl px-4 py-8 sm:px-6 sm:py-12">
      <title>Integrations · Partner Portal</title>
      <h1 className="text-2xl font-bold text-ink sm:text-3xl">Integrations</h1>
      <p className="mt-2 text-sm text-gray-700">
        Tell the storefront and other systems about pattern changes (webhooks), and let them call
        the API (tokens). The changes feed is at <code>GET /api/patterns/changes</code>; the API
        reference is at{' '}
        <a className="text-blue-800 underline" href="/api/docs">
          /api/docs
        </a>
        .
      </p>
      <div className="mt-8 flex flex-col gap-10">
        <StorefrontPanel />
        <WebhooksPanel />
        <TokensPanel brands={brands.data?.data ?? []} />
      </div>
    </div>
  );
}
