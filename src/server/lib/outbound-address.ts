import dns from 'node:dns/promises';
import net from 'node:net';
import type { LookupFunction } from 'node:net';
import ipaddr from 'ipaddr.js';

/**
 * The address rule for every request the portal sends out (webhooks, the storefront, the OpenID
 * provider's discovery): https only, no user in the URL, and never this machine, a private
 * network, link-local or a cloud metadata address, judged on the addresses the name resolves to.
 * Each caller's `allowPrivate` setting (WEBHOOK_ALLOW_PRIVATE, STOREFRONT_ALLOW_PRIVATE,
 * OIDC_ALLOW_PRIVATE) lifts both rules for tests and closed networks. A refusal is a structured
 * reason (`AddressRefusal`); each caller words it for its own screen or log.
 *
 * An IPv6 address that carries an IPv4 one is judged by that IPv4 (issue 33 item 3), read from the
 * parsed bytes so every spelling (`::127.0.0.1`, `::7f00:1`, `64:ff9b::127.0.0.1`) is the same:
 * IPv4-compatible ::a.b.c.d, -mapped ::ffff:a.b.c.d, -translated ::ffff:0:a.b.c.d (RFC 6145),
 * NAT64 64:ff9b::a.b.c.d (RFC 6052) and 6to4 2002:aabb:ccdd:: (RFC 3056).
 */
function carriedIPv4(b: number[]): number[] | null {
  const zero = (from: number, to: number) => b.slice(from, to).every((x) => x === 0);
  const word = (i: number) => ((b[i] ?? 0) << 8) | (b[i + 1] ?? 0); // b holds 16 bytes
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

/** Why an address is refused. */
export type AddressRefusal =
  | { kind: 'not-a-url' }
  | { kind: 'credentials' }
  | { kind: 'scheme' }
  | { kind: 'unresolved'; host: string }
  | { kind: 'private'; address: string };

/** The refusal in plain words, for any caller. */
export function refusalText(r: AddressRefusal): string {
  switch (r.kind) {
    case 'not-a-url':
      return 'Enter a full URL, like https://example.com/webhooks';
    case 'credentials':
      return 'The URL must not contain a user name or password';
    case 'scheme':
      return 'The URL must start with https://';
    case 'unresolved':
      return `The host name ${r.host} could not be resolved`;
    case 'private':
      return `The URL points to a private, loopback, link-local or metadata address (${r.address})`;
  }
}

export class UnsafeUrlError extends Error {
  constructor(
    readonly refusal: AddressRefusal,
    message = refusalText(refusal),
  ) {
    super(message);
  }
}

export interface ResolvedTarget {
  url: URL;
  /** The address to connect to: the one that was checked, so DNS cannot change between check and use. */
  address: string;
  family: 4 | 6;
}

export type Lookup = (host: string) => Promise<{ address: string; family: number }[]>;
export const systemLookup: Lookup = (host) => dns.lookup(host, { all: true, verbatim: true });

/** Checks `raw` against the rule; the address to connect to, or throws an `UnsafeUrlError`. */
export async function checkOutboundUrl(
  raw: string,
  allowPrivate: boolean,
  lookup: Lookup = systemLookup,
): Promise<ResolvedTarget> {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new UnsafeUrlError({ kind: 'not-a-url' });
  }
  if (url.username || url.password) throw new UnsafeUrlError({ kind: 'credentials' });
  if (url.protocol !== 'https:' && !(allowPrivate && url.protocol === 'http:'))
    throw new UnsafeUrlError({ kind: 'scheme' });
  const host = url.hostname.replace(/^\[|\]$/g, '');
  let addresses: { address: string; family: number }[];
  if (net.isIP(host)) addresses = [{ address: host, family: net.isIP(host) }];
  else {
    try {
      addresses = await lookup(host);
    } catch {
      throw new UnsafeUrlError({ kind: 'unresolved', host });
    }
  }
  if (!addresses.length) throw new UnsafeUrlError({ kind: 'unresolved', host });
  if (!allowPrivate) {
    const bad = addresses.find((a) => isBlockedAddress(a.address));
    if (bad) throw new UnsafeUrlError({ kind: 'private', address: bad.address });
  }
  return { url, address: addresses[0]!.address, family: addresses[0]!.family === 6 ? 6 : 4 };
}

/**
 * A connection's own resolver for a kept-alive client (undici's Agent `connect.lookup`): each
 * connection resolves the name here and is refused with `refused(host, address)` unless every
 * address it gets passes the rule, so the address used is the address judged and a name that
 * changes its answer after a check (DNS rebinding) reaches nothing private.
 */
export function pinnedLookup(
  allowPrivate: boolean,
  resolve: Lookup,
  refused: (host: string, address: string) => Error,
): LookupFunction {
  return (host, options, cb) => {
    const reply = cb as unknown as (
      err: Error | null,
      address: string | { address: string; family: number }[],
      family?: number,
    ) => void;
    resolve(host).then(
      (all) => {
        const blocked = allowPrivate ? undefined : all.find((a) => isBlockedAddress(a.address));
        if (!all.length) return reply(new Error(`${host} has no address`), '', 0);
        if (blocked) return reply(refused(host, blocked.address), '', 0);
        if (options.all) reply(null, all);
        else reply(null, all[0]!.address, all[0]!.family);
      },
      (err: Error) => reply(err, '', 0),
    );
  };
}
