import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import type { Env } from '../../config/env';

/**
 * Webhook secrets at rest (issue 33 item 7): AES-256-GCM, stored as
 * `enc:v1:<iv>:<tag>:<ciphertext>` (base64 parts). Signing needs the secret itself, so it is
 * encrypted, not hashed. The key is SECRETS_KEY; without it, a key generated once into
 * `DATA_DIR/secrets.key` (mode 0600), which only works while every process shares that directory.
 */
const PREFIX = 'enc:v1:';
export const KEY_FILE = 'secrets.key';

export class SecretBox {
  constructor(private readonly key: Buffer) {}

  seal(plain: string): string {
    const iv = crypto.randomBytes(12);
    const cipher = crypto.createCipheriv('aes-256-gcm', this.key, iv);
    const data = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
    return PREFIX + [iv, cipher.getAuthTag(), data].map((b) => b.toString('base64')).join(':');
  }

  open(stored: string): string {
    if (!isSealed(stored)) return stored; // not yet encrypted (start-up encrypts them: sealStoredSecrets)
    const [iv, tag, data] = stored
      .slice(PREFIX.length)
      .split(':')
      .map((p) => Buffer.from(p, 'base64'));
    try {
      if (!iv || !tag || !data) throw new Error('a sealed secret has three parts');
      const decipher = crypto.createDecipheriv('aes-256-gcm', this.key, iv);
      decipher.setAuthTag(tag);
      return Buffer.concat([decipher.update(data), decipher.final()]).toString('utf8');
    } catch {
      throw new SecretKeyMismatch();
    }
  }
}

export class SecretKeyMismatch extends Error {
  constructor() {
    super(
      'A webhook secret cannot be decrypted with this SECRETS_KEY (another key encrypted it): set the key the other portal processes use',
    );
  }
}

export const isSealed = (stored: string) => stored.startsWith(PREFIX);

const boxes = new Map<string, SecretBox>();

/** The box for this configuration; the key file is created once, race-free between processes. */
export function secretBox(env: Pick<Env, 'SECRETS_KEY' | 'dataDir'>, log?: FastifyBaseLogger) {
  const id = env.SECRETS_KEY ? `env:${env.SECRETS_KEY}` : `file:${env.dataDir}`;
  let box = boxes.get(id);
  if (!box) {
    box = new SecretBox(
      env.SECRETS_KEY ? Buffer.from(env.SECRETS_KEY, 'base64') : keyFromFile(env.dataDir, log),
    );
    boxes.set(id, box);
  }
  return box;
}

/**
 * The key everything sealed at rest uses (SECRETS_KEY, else DATA_DIR/secrets.key, made once): a
 * backup carries it wrapped with its passphrase (backup/archive-key.ts), a restore puts it back.
 */
export function secretsKey(env: Pick<Env, 'SECRETS_KEY' | 'dataDir'>): Buffer {
  return env.SECRETS_KEY ? Buffer.from(env.SECRETS_KEY, 'base64') : keyFromFile(env.dataDir);
}

/** The key file as `keyFromFile` reads it; undefined when there is none. */
export function readSecretsKeyFile(dataDir: string): Buffer | undefined {
  const file = path.join(dataDir, KEY_FILE);
  return fs.existsSync(file)
    ? Buffer.from(fs.readFileSync(file, 'utf8').trim(), 'base64')
    : undefined;
}

/** Writes (or replaces) DATA_DIR/secrets.key, mode 0600: a restore brings the archive's key back. */
export function writeSecretsKeyFile(dataDir: string, key: Buffer): void {
  fs.mkdirSync(dataDir, { recursive: true, mode: 0o700 });
  const file = path.join(dataDir, KEY_FILE);
  const tmp = `${file}.${process.pid}.${crypto.randomBytes(4).toString('hex')}`;
  fs.writeFileSync(tmp, key.toString('base64') + '\n', { mode: 0o600 });
  fs.renameSync(tmp, file);
  for (const id of [...boxes.keys()]) if (id === `file:${dataDir}`) boxes.delete(id);
}

function keyFromFile(dataDir: string, log?: FastifyBaseLogger): Buffer {
  const file = path.join(dataDir, KEY_FILE);
  const read = () => Buffer.from(fs.readFileSync(file, 'utf8').trim(), 'base64');
  if (fs.existsSync(file)) return read();
  fs.mkdirSync(dataDir, { recursive: true, mode: 0o700 });
  // Written whole under a temporary name, then linked into place: a process starting at the same
  // moment either links first or reads the complete file of the one that did.
  const tmp = `${file}.${process.pid}.${crypto.randomBytes(4).toString('hex')}`;
  fs.writeFileSync(tmp, crypto.randomBytes(32).toString('base64') + '\n', { mode: 0o600 });
  try {
    fs.linkSync(tmp, file);
    log?.warn(
      { file },
      'SECRETS_KEY is not set: generated a key for webhook secrets in DATA_DIR; keep it with the database, and set SECRETS_KEY when portal processes run on more than one machine',
    );
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
  } finally {
    fs.rmSync(tmp, { force: true });
  }
  return read();
}
