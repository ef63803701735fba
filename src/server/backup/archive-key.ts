import crypto from 'node:crypto';

/**
 * What makes an archive trustworthy and its encrypted columns readable (docs/operations.md
 * "Backups"): a passphrase the operator gives `backup` and `restore` (BACKUP_PASSPHRASE), never
 * stored in the archive. From it and a random salt (in the archive's `auth.json`) scrypt derives
 * two keys: one authenticates `manifest.json` (HMAC-SHA256; the manifest holds every entry's
 * SHA-256, so every byte is covered), one wraps SECRETS_KEY (AES-256-GCM) inside the manifest.
 * Without the passphrase the archive can be neither altered unnoticed nor used to decrypt what
 * the portal encrypts at rest (webhook secrets, and anything else sealed with SECRETS_KEY).
 */
export const AUTH_ENTRY = 'auth.json';
export const MIN_PASSPHRASE = 12;
const SCRYPT = { N: 2 ** 15, r: 8, p: 1, maxmem: 64 * 1024 * 1024 };

export interface ArchiveAuth {
  kdf: 'scrypt-n15-r8-p1';
  salt: string;
  /** HMAC-SHA256 of manifest.json's bytes, hex. */
  manifestHmac: string;
}

export interface WrappedKey {
  iv: string;
  tag: string;
  data: string;
}

export class ArchiveKeys {
  private constructor(
    readonly salt: Buffer,
    private readonly macKey: Buffer,
    private readonly wrapKey: Buffer,
  ) {}

  static derive(passphrase: string, salt = crypto.randomBytes(16)): ArchiveKeys {
    const k = crypto.scryptSync(passphrase.normalize('NFC'), salt, 64, SCRYPT);
    return new ArchiveKeys(salt, k.subarray(0, 32), k.subarray(32));
  }

  mac(bytes: Buffer): string {
    return crypto.createHmac('sha256', this.macKey).update(bytes).digest('hex');
  }

  macMatches(bytes: Buffer, hex: string): boolean {
    const given = Buffer.from(/^[0-9a-f]{64}$/.test(hex) ? hex : '', 'hex');
    const wanted = Buffer.from(this.mac(bytes), 'hex');
    return given.length === wanted.length && crypto.timingSafeEqual(given, wanted);
  }

  wrap(key: Buffer): WrappedKey {
    const iv = crypto.randomBytes(12);
    const cipher = crypto.createCipheriv('aes-256-gcm', this.wrapKey, iv);
    const data = Buffer.concat([cipher.update(key), cipher.final()]);
    return {
      iv: iv.toString('base64'),
      tag: cipher.getAuthTag().toString('base64'),
      data: data.toString('base64'),
    };
  }

  unwrap(w: WrappedKey): Buffer {
    const decipher = crypto.createDecipheriv(
      'aes-256-gcm',
      this.wrapKey,
      Buffer.from(w.iv, 'base64'),
    );
    decipher.setAuthTag(Buffer.from(w.tag, 'base64'));
    return Buffer.concat([decipher.update(Buffer.from(w.data, 'base64')), decipher.final()]);
  }
}

/** The passphrase rule, as one line for the tools. */
export function passphraseProblem(passphrase: string | undefined): string | undefined {
  if (!passphrase)
    return 'BACKUP_PASSPHRASE is required: it authenticates the archive and wraps the secrets key inside it; keep it outside the archive (a password manager), restore needs the same one';
  if (passphrase.length < MIN_PASSPHRASE)
    return `BACKUP_PASSPHRASE must be at least ${MIN_PASSPHRASE} characters`;
  return undefined;
}
