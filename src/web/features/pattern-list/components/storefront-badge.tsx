import type { ListStorefrontKind } from '../../../../shared/contracts/pattern-list';

const BADGE: Record<ListStorefrontKind, { label: string; title: string; tone: string }> = {
  live: {
    label: 'Live',
    title: 'Live on the production storefront',
    tone: 'bg-green-50 text-green-900 ring-green-400',
  },
  staging: {
    label: 'On staging',
    title: 'On the staging storefront',
    tone: 'bg-blue-50 text-blue-900 ring-blue-300',
  },
  failed: {
    label: 'Storefront failed',
    title: 'The last storefront import failed: open the pattern to see why and retry',
    tone: 'bg-red-50 text-red-900 ring-red-400',
  },
  pending: {
    label: 'Sending',
    title: 'Waiting to be sent to the storefront',
    tone: 'bg-gray-50 text-gray-800 ring-gray-300',
  },
  offline: {
    label: 'Offline',
    title: 'Offline on the storefront',
    tone: 'bg-gray-50 text-gray-800 ring-gray-300',
  },
};

/** Admins: where the pattern stands on the Salesforce storefront (the list row's `storefront`). */
export function StorefrontBadge({ kind }: { kind: ListStorefrontKind }) {
  const b = BADGE[kind];
  return (
    <span
      title={b.title}
      data-testid="storefront-badge"
      className={`inline-flex whitespace-nowrap rounded-full px-2 py-0.5 text-xs font-semibold ring-1 ring-inset ${b.tone}`}
    >
      <span className="sr-only">Storefront: </span>
      {b.label}
    </span>
  );
}
