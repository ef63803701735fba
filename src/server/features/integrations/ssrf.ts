import {
  checkOutboundUrl,
  UnsafeUrlError,
  type Lookup,
  type ResolvedTarget,
} from '../../lib/outbound-address';

export {
  isBlockedAddress,
  UnsafeUrlError,
  type Lookup,
  type ResolvedTarget,
} from '../../lib/outbound-address';

/**
 * Where a webhook may point (issue 14): the portal's outbound address rule
 * (`lib/outbound-address.ts`), at save time and again at each delivery, so a name re-pointed later
 * is caught. The webhook screens' words for a private address say why.
 */
export async function checkWebhookUrl(
  raw: string,
  allowPrivate: boolean,
  lookup?: Lookup,
): Promise<ResolvedTarget> {
  try {
    return await checkOutboundUrl(raw, allowPrivate, lookup);
  } catch (err) {
    if (err instanceof UnsafeUrlError && err.refusal.kind === 'private')
      throw new UnsafeUrlError(err.refusal, `${err.message}; webhooks must reach a public address`);
    throw err;
  }
}
