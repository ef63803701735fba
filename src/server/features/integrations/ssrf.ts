import dns from 'node:dns/promises';
import net from 'node:net';
import ipaddr from 'ipaddr.js';

/**
 * Where a webhook may point (issue 14): https only, and never at this machine, a private
 * network, link-local or a cloud metadata address, judged on the addresses the name resolves to
 * (at save time and again at each delivery, so a name re-pointed later is caught).
 * `allowPrivate` (WEBHOOK_ALLOW_PRIVATE) lifts both rules for tests and closed networks.
 *
 * An IPv6 address that carries an IPv4 one is judged by that IPv4 (issue 33 item 3), read from the
 * parsed bytes so every spelling (`::127.0.0.1`, `::7f00:1`, `64:ff9b::127.0.0.1`) is the same:
 * IPv4-compatible ::a.b.c.d, -mapped ::ffff:a.b.c.d, -translated ::ffff:0:a.b.c.d (RFC 6145),
 * NAT64 64:ff9b::a.b.c.d (RFC 6052) and 6to4 2002:aabb:ccdd:: (RFC 3056).
 */
function carriedIPv4(b: number[]): number[] | null {
  const zero = (from: number, to: number) => b.slice(from, to).every((x) => x === 0);
  const word = (i: number) => (b[i] << 8) | b[i + 1];
  if (zero(0, 10) && (word(10) === 0 || word(10) === 0xffff)) return b.slice(12);
  if (zero(0, 8) && word(8) === 0xffff && word(10) === 0) return b.slice(12);
  if (word(0) === 0x64 && word(2) === 0xff9b && zero(4, 12)) return b.slice(12);
  if (word(0) === 0x2002) return b.slice(2, 6);
  return null;
}

/**
 * Only ordinary unicast addresses pass: loopback, private (RFC 1918, unique-local), carrier-grade
 * NAT, link-local (cloud metadata included), multicast, documentation, benchmarking, Teredo and
 * other special ranges (ipaddr.js's table) do not. Anything that does not parse is refused.
 */
export function isBlockedAddress(address: string): boolean {
  let ip: ipaddr.IPv4 | ipaddr.IPv6;
  try {
    ip = ipaddr.parse(address);
  } catch {
    return true;
  }
  if (ip.kind() === 'ipv6') {
    const v4 = carriedIPv4(ip.toByteArray());
    if (v4) ip = new ipaddr.IPv4(v4);
  }
  return ip.range() !== 'unicast';
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
