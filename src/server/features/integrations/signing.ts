import crypto from 'node:crypto';

/**
 * Standard Webhooks (https://www.standardwebhooks.com): secrets are "whsec_" + base64 of the key;
 * the signature is base64(HMAC-SHA256(key, `${id}.${timestamp}.${body}`)) sent as "v1,<sig>".
 * During a secret rotation both secrets sign, separated by a space, as the specification allows.
 */
export const SECRET_PREFIX = 'whsec_';

export function newWebhookSecret(): string {
  return SECRET_PREFIX + crypto.randomBytes(32).toString('base64');
}

export function sign(secret: string, id: string, timestamp: number, body: string): string {
  const key = Buffer.from(
    secret.startsWith(SECRET_PREFIX) ? secret.slice(SECRET_PREFIX.length) : secret,
    'base64',
  );
  return (
    'v1,' + crypto.createHmac('sha256', key).update(`${id}.${timestamp}.${body}`).digest('base64')
  );
}

export function webhookHeaders(
  secrets: string[],
  id: string,
  body: string,
  now = new Date(),
): Record<string, string> {
  const timestamp = Math.floor(now.getTime() / 1000);
  return {
    'content-type': 'application/json',
    'user-agent': 'PatternPartnerPortal-Webhooks/1',
    'webhook-id': id,
    'webhook-timestamp': String(timestamp),
    'webhook-signature': secrets.map((s) => sign(s, id, timestamp, body)).join(' '),
  };
}
