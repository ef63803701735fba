import crypto from 'node:crypto';
import { promisify } from 'node:util';

const scrypt = promisify(crypto.scrypt) as (
  pw: string,
  salt: Buffer,
  len: number,
  opts: crypto.ScryptOptions,
) => Promise<Buffer>;

/** OWASP: N=2^17, r=8, p=1. Needs 128*N*r = 128 MiB, above Node's 32 MiB default maxmem. */
const PARAMS = { N: 2 ** 17, r: 8, p: 1 };

/**
 * New hashes use N = 2^cost (PASSWORD_HASH_COST, default 17, the OWASP figure). The stored hash
 * names its own parameters, so changing the cost never breaks existing passwords. The test suites
 * lower it to keep thousands of sign-ins cheap; production keeps the default.
 */
let dummyHash: Promise<string> | undefined;

export function setPasswordHashCost(log2N: number) {
  if (PARAMS.N === 2 ** log2N) return;
  PARAMS.N = 2 ** log2N;
  dummyHash = undefined;
}
const KEY_LEN = 64;
const maxmem = (p: { N: number; r: number }) => 128 * p.N * p.r + 16 * 1024 * 1024;

/**
 * At most two hashes at once: each takes ~128 MiB and a libuv thread, and the thread pool also
 * serves file I/O, so an unbounded burst of logins would starve uploads and downloads.
 */
const MAX_CONCURRENT = 2;
let running = 0;
/** How many hashes ran in this process: tests prove that a refused sign-in cost none. */
export const hashStats = { runs: 0 };
const waiting: (() => void)[] = [];

/** `urgent` work goes to the front of the queue (a sign-in from a browser known to the account). */
async function limited<T>(fn: () => Promise<T>, urgent = false): Promise<T> {
  if (running >= MAX_CONCURRENT)
    await new Promise<void>((resolve) =>
      urgent ? waiting.unshift(resolve) : waiting.push(resolve),
    );
  running++;
  hashStats.runs++;
  try {
    return await fn();
  } finally {
    running--;
    waiting.shift()?.();
  }
}

export async function hashPassword(password: string): Promise<string> {
  const salt = crypto.randomBytes(16);
  const key = await limited(() =>
    scrypt(password, salt, KEY_LEN, { ...PARAMS, maxmem: maxmem(PARAMS) }),
  );
  return `scrypt$${PARAMS.N}$${PARAMS.r}$${PARAMS.p}$${salt.toString('base64')}$${key.toString('base64')}`;
}

export async function verifyPassword(
  password: string,
  stored: string,
  opts: { urgent?: boolean } = {},
): Promise<boolean> {
  const [alg, n, r, p, saltB64, keyB64] = stored.split('$');
  if (alg !== 'scrypt' || saltB64 === undefined || !keyB64) return false;
  const params = { N: Number(n), r: Number(r), p: Number(p) };
  const expected = Buffer.from(keyB64, 'base64');
  const key = await limited(
    () =>
      scrypt(password, Buffer.from(saltB64, 'base64'), expected.length, {
        ...params,
        maxmem: maxmem(params),
      }),
    opts.urgent,
  );
  return crypto.timingSafeEqual(key, expected);
}

/** A hash of a random password, verified against when the e-mail is unknown so both answers take as long. */
export function dummyPasswordHash(): Promise<string> {
  dummyHash ??= hashPassword(crypto.randomBytes(16).toString('hex'));
  return dummyHash;
}
