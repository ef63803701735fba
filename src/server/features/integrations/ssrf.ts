import dns from 'node:dns/promises';
import net from 'node:net';

/**
 * Where a webhook may point (issue 14): https only, and never at this machine, a private
 * network, link-local or a cloud metadata address, judged on the addresses the name resolves to
 * (at save time and again at each delivery, so a name re-pointed later is caught).
 * `allowPrivate` (WEBHOOK_ALLOW_PRIVATE) lifts both rules for tests and closed networks.
 */
const blocked = new net.BlockList();
for (const [net4, bits] of [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['224.0.0.0', 4],
  ['240.0.0.0', 4],
] as const)
  blocked.addSubnet(net4, bits, 'ipv4');
for (const [net6, bits] of [
  ['::', 128],
  ['::1', 128],
  ['fc00::', 7],
  ['fe80::', 10],
  ['ff00::', 8],
  ['fd00:ec2::', 32],
] as const)
  blocked.addSubnet(net6, bits, 'ipv6');

export function isBlockedAddress(address: string): boolean {
  const family = net.isIPv6(address) ? 'ipv6' : 'ipv4';
  if (family === 'ipv6') {
    // IPv4-mapped (::ffff:10.0.0.1) and NAT64 forms carry an IPv4 address: judge that.
    const mapped =
      /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address) ??
      /^64:ff9b::(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
    if (mapped) return blocked.check(mapped[1], 'ipv4');
  }
  return blocked.check(address, family);
}

export class UnsafeUrlError extends Error {}

export interface ResolvedTarget {
  url: URL;
  /** The address to connect to: the one that was checked, so DNS cannot change between check and use. */
  address: string;
  family: 4 | 6;
}

export type Lookup = (host: string) => Promise<{ address: string; family: number }[]>;
const systemLookup: Lookup = (host) => dns.lookup(host, { all: true, verbatim: true });

export async function checkWebhookUrl(
  raw: string,
  allowPrivate: boolean,
  lookup: Lookup = systemLookup,
): Promise<ResolvedTarget> {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new UnsafeUrlError('Enter a full URL, like https://example.com/webhooks');
  }
  if (url.username || url.password)
    throw new UnsafeUrlError('The URL must not contain a user name or password');
  if (url.protocol !== 'https:' && !(allowPrivate && url.protocol === 'http:'))
    throw new UnsafeUrlError('The URL must start with https://');
  const host = url.hostname.replace(/^\[|\]$/g, '');
  let addresses: { address: string; family: number }[];
  if (net.isIP(host)) addresses = [{ address: host, family: net.isIP(host) }];
  else {
    try {
      addresses = await lookup(host);
    } catch {
      throw new UnsafeUrlError(`The host name ${host} could not be resolved`);
    }
  }
  if (!addresses.length) throw new UnsafeUrlError(`The host name ${host} could not be resolved`);
  if (!allowPrivate) {
    const bad = addresses.find((a) => isBlockedAddress(a.address));
    if (bad)
      throw new UnsafeUrlError(
        `The URL points to a private, loopback, link-local or metadata address (${bad.address}); webhooks must reach a public address`,
      );
  }
  return { url, address: addresses[0].address, family: addresses[0].family === 6 ? 6 : 4 };
}
