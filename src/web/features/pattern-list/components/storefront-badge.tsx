import type { ListStorefrontKind } from '../../../../shared/contracts/pattern-list';
import { BADGE_CLASS, STOREFRONT_BADGE } from '../../../lib/badge-tones';

/** Admins: where the pattern stands on the Salesforce storefront (the list row's `storefront`). */
export function StorefrontBadge({ kind }: { kind: ListStorefrontKind }) {
  const b = STOREFRONT_BADGE[kind];
  return (
    <span title={b.title} data-testid="storefront-badge" className={`${BADGE_CLASS} ${b.tone}`}>
      <span className="sr-only">Storefront: </span>
      {b.label}
    </span>
  );
}
