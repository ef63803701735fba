import type { AppDeps } from '../../context';
import type { Counter } from '../../lib/counter';
import { retryIn, tooMany } from '../../lib/app-error';
import { hashToken, newToken } from '../../lib/tokens';
import * as devices from './devices.repo';

/**
 * Sign-in throttling (docs/operations.md). OWASP device cookies: a browser that signed in to an
 * account keeps a random token for it. Its attempts are counted per device (a small limit) and
 * are not stopped by the account-wide lock that unknown browsers share, so a stranger guessing
 * someone's password cannot lock the owner out of their own browser.
 * - unknown browser: 30 attempts per network address and 10 failures per account in 15 minutes;
 * - known browser: 10 failures per device in 15 minutes.
 * Every attempt is reserved (one atomic increment) before the password is hashed, so however many
 * arrive at once at most the limit is ever checked, and a refused one costs no hash at all.
 */
export const LOGIN_LIMITS = {
  windowSeconds: 15 * 60,
  perAccount: 10,
  perAddress: 30,
  perDevice: 10,
} as const;

export const DEVICE_COOKIE = 'ppp_device';
/** A device cookie lives a year; a device unused that long is forgotten. */
export const DEVICE_DAYS = 365;

export interface LoginAttempt {
  /** The device this browser proved for this account, if any. */
  deviceId?: number;
  /** Keys reserved for this attempt: given back on success, kept on failure. */
  reserved: { key: string; resetOnSuccess: boolean }[];
}

const keys = {
  account: (email: string) => `login:account:${email}`,
  address: (ip: string) => `login:ip:${ip}`,
  device: (id: number) => `login:device:${id}`,
};

async function reserve(
  counter: Counter,
  key: string,
  limit: number,
  refusal: string,
): Promise<void> {
  const r = await counter.hit(key, LOGIN_LIMITS.windowSeconds);
  if (r.count > limit)
    throw tooMany(`${refusal} Try again ${retryIn(r.resetInSeconds)}.`, r.resetInSeconds);
}

/** The cookie's token, when the browser sent one that looks like ours. */
export function deviceTokenFrom(cookieHeader: string | undefined): string | undefined {
  for (const part of (cookieHeader ?? '').split(';')) {
    const [name, value] = part.trim().split('=');
    if (name === DEVICE_COOKIE && value && /^[\w-]{20,100}$/.test(value)) return value;
  }
  return undefined;
}

/** Reserves the attempt or refuses it at once (429) without any password hashing. */
export async function reserveAttempt(
  deps: AppDeps,
  email: string,
  ip: string,
  deviceToken: string | undefined,
): Promise<LoginAttempt> {
  const device = deviceToken
    ? await devices.findDevice(deps.database.db, hashToken(deviceToken))
    : undefined;
  if (device && device.email.toLowerCase() === email) {
    const key = keys.device(device.id);
    await reserve(
      deps.counter,
      key,
      LOGIN_LIMITS.perDevice,
      'Too many failed sign-in attempts on this device.',
    );
    return { deviceId: device.id, reserved: [{ key, resetOnSuccess: true }] };
  }
  // The address first: a flood from one network is refused before it can count against an account.
  const address = keys.address(ip);
  await reserve(
    deps.counter,
    address,
    LOGIN_LIMITS.perAddress,
    'Too many failed sign-in attempts from your network.',
  );
  const account = keys.account(email);
  try {
    await reserve(
      deps.counter,
      account,
      LOGIN_LIMITS.perAccount,
      'Too many failed sign-in attempts for this account.',
    );
  } catch (err) {
    await deps.counter.release(address);
    throw err;
  }
  return {
    reserved: [
      { key: address, resetOnSuccess: false },
      { key: account, resetOnSuccess: true },
    ],
  };
}

/**
 * A second-factor code is one more attempt on the same keys (two-factor.service.ts): a wrong code
 * counts against the address, the account or the device exactly as a wrong password does.
 */
export async function reserveAgain(deps: AppDeps, attempt: LoginAttempt): Promise<LoginAttempt> {
  const done: string[] = [];
  try {
    for (const { key } of attempt.reserved) {
      const [limit, refusal] = key.startsWith('login:device:')
        ? [LOGIN_LIMITS.perDevice, 'Too many failed sign-in attempts on this device.']
        : key.startsWith('login:ip:')
          ? [LOGIN_LIMITS.perAddress, 'Too many failed sign-in attempts from your network.']
          : [LOGIN_LIMITS.perAccount, 'Too many failed sign-in attempts for this account.'];
      await reserve(deps.counter, key, limit, refusal);
      done.push(key);
    }
  } catch (err) {
    await Promise.all(
      done.filter((k) => k.startsWith('login:ip:')).map((k) => deps.counter.release(k)),
    );
    throw err;
  }
  return { ...attempt, reserved: [...attempt.reserved, ...attempt.reserved] };
}

/**
 * A right password: the attempt does not count (the address gets its reservation back, the
 * account's and device's failures are forgotten). Answers a new device token for an unknown browser.
 */
export async function succeeded(
  deps: AppDeps,
  attempt: LoginAttempt,
  userId: number,
): Promise<string | undefined> {
  await Promise.all(
    attempt.reserved.map((r) =>
      r.resetOnSuccess ? deps.counter.reset(r.key) : deps.counter.release(r.key),
    ),
  );
  const db = deps.database.db;
  if (attempt.deviceId !== undefined) {
    await devices.touchDevice(db, attempt.deviceId);
    return undefined;
  }
  const token = newToken();
  await devices.deleteStaleDevices(db, userId, DEVICE_DAYS);
  await devices.insertDevice(db, userId, hashToken(token));
  return token;
}

export function deviceCookie(token: string, secure: boolean): string {
  return `${DEVICE_COOKIE}=${token}; Path=/api/auth/login; Max-Age=${DEVICE_DAYS * 24 * 3600}; HttpOnly; SameSite=Strict${secure ? '; Secure' : ''}`;
}
