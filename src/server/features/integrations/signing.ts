import crypto from 'node:crypto';
import { Webhook } from 'standardwebhooks';

/**
 * Standard Webhooks (https://www.standardwebhooks.com), signed by its reference library, the one
 * receivers verify with. Secrets are "whsec_" + base64 of a 32-byte key. During a secret rotation
 * both secrets sign, separated by a space, as the specification allows.
 */
export const SECRET_PREFIX = 'whsec_';

export function newWebhookSecret(): string {
  return SECRET_PREFIX + crypto.randomBytes(32).toString('base64');
}

export function webhookHeaders(
  secrets: string[],
  id: string,
  body: string,
  now = new Date(),
): Record<string, string> {
  // The header carries whole seconds; signing with the same truncated time keeps the two equal.
  const at = new Date(Math.floor(now.getTime() / 1000) * 1000);
  return {
    'content-type': 'application/json',
    'user-agent': 'PatternPartnerPortal-Webhooks/1',
    'webhook-id': id,
    'webhook-timestamp': String(at.getTime() / 1000),
    'webhook-signature': secrets.map((s) => new Webhook(s).sign(id, at, body)).join(' '),
  };
}
