import Bowser from 'bowser';
import ipaddr from 'ipaddr.js';
import type { FastifyBaseLogger } from 'fastify';
import type { AppDeps, AuthUser } from '../../context';
import type { Device } from '../../../shared/contracts/devices';
import { badRequest, notFound } from '../../lib/app-error';
import { signOutOtherSessions } from './auth.service';
import { seenWriteAt, seenWriteFailed } from './session-seen';
import { sessionCacheOf } from './session-cache';
import * as repo from './sessions.repo';

/**
 * Signed-in devices (My Account, docs/sign-in.md): each session is a device. Its browser is read
 * from the User-Agent it signed in with (bowser); its place from the address alone, offline: this
 * computer, a local network, or the internet address shortened to its network (203.0.113.x,
 * 2001:db8:1::/48), since the portal carries no geolocation database and asks no service.
 */
export function browserOf(userAgent: string | null): string {
  if (!userAgent) return 'Unknown browser';
  const ua = Bowser.parse(userAgent);
  const name = ua.browser.name
    ? `${ua.browser.name} ${ua.browser.version?.split('.')[0] ?? ''}`.trim()
    : '';
  const os = ua.os.name ?? '';
  if (name && os) return `${name} on ${os}`;
  return name || os || 'Unknown browser';
}

export function placeOf(ip: string | null): string {
  if (!ip) return 'Unknown place';
  let addr: ipaddr.IPv4 | ipaddr.IPv6;
  try {
    addr = ipaddr.process(ip);
  } catch {
    return 'Unknown place';
  }
  const range = addr.range();
  if (range === 'loopback') return 'This computer (the server itself)';
  if (['private', 'uniqueLocal', 'linkLocal'].includes(range)) return 'Local network';
  if (range === 'carrierGradeNat') return 'Mobile or shared network';
  if (addr instanceof ipaddr.IPv4) return `Internet, ${addr.octets.slice(0, 3).join('.')}.x`;
  const parts = addr.parts.slice(0, 3).map((p) => p.toString(16));
  return `Internet, ${parts.join(':')}::/48`;
}

export async function listDevices(deps: AppDeps, user: AuthUser): Promise<Device[]> {
  const rows = await repo.listSessions(deps.database.db, user.id);
  return rows.map((r) => ({
    id: r.id,
    browser: browserOf(r.userAgent),
    place: placeOf(r.ip),
    method: r.method,
    firstSeen: new Date(r.createdAt).toISOString(),
    lastSeen: new Date(r.lastSeenAt).toISOString(),
    current: r.id === user.sessionId,
  }));
}

export async function signOutDevice(deps: AppDeps, user: AuthUser, id: number): Promise<void> {
  if (id === user.sessionId)
    throw badRequest('This is the device you are using: use Sign out in the menu instead.');
  if (!(await repo.deleteSessionOfUser(deps.database.db, user.id, id)))
    throw notFound('Signed-in device');
  // The trigger's notification does this too; here it does not wait for PostgreSQL's delivery.
  sessionCacheOf(deps.database.db)?.apply(`s${id}`);
}

export async function signOutOthers(deps: AppDeps, user: AuthUser): Promise<number> {
  return signOutOtherSessions(deps.database.db, user.id, user.sessionId);
}

/** Called after each answer to a session (not an API token): keeps "last seen" roughly current. */
export function noteSessionSeen(
  deps: AppDeps,
  user: AuthUser,
  ip: string,
  log: FastifyBaseLogger,
): void {
  if (user.token) return;
  // At most every 5 minutes a session, or when its address changes (session-seen.ts).
  const at = seenWriteAt(user.sessionId, ip);
  if (!at) return;
  repo.noteSeen(deps.database.db, user.sessionId, ip, at).catch((err: unknown) => {
    seenWriteFailed(user.sessionId);
    log.warn({ err }, 'could not note a session as seen');
  });
}
