import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { ListMultipartUploadsCommand, S3Client } from '@aws-sdk/client-s3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FileStore } from './file-store';
import { diskStore } from './disk-store';
import { s3Store, type S3Settings } from './s3-store';
import { startS3Server } from '../test/s3-server';
import { skipReason } from '../test/skip';

/**
 * One contract, every FileStore: local disk, a real S3 server (s3rver, in this process), and an
 * external S3-compatible service when TEST_S3_ENDPOINT is set (MinIO, Garage, AWS...).
 */

interface Backend {
  store: FileStore;
  /** What a failed put left behind: `.part` files on disk, multipart uploads not aborted on S3. */
  leftovers(key: string): Promise<string[]>;
  /** Makes the server refuse multipart aborts (only the in-process S3 server can). */
  refuseAborts?(refuse: boolean): void;
  close(): Promise<void>;
}

const MiB = 1024 * 1024;
const CHUNK = 64 * 1024;
const run = `run-${crypto.randomBytes(4).toString('hex')}`;

function diskBackend(): Backend {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'ppp-store-'));
  return {
    store: diskStore(root),
    leftovers: async () =>
      (fs.readdirSync(root, { recursive: true }) as string[]).filter((f) => f.endsWith('.part')),
    close: async () => fs.rmSync(root, { recursive: true, force: true }),
  };
}

async function s3rverBackend(): Promise<Backend> {
  const s3 = await startS3Server();
  return {
    store: s3Store({
      endpoint: s3.endpoint,
      bucket: s3.bucket,
      region: 'us-east-1',
      accessKeyId: s3.accessKeyId,
      secretAccessKey: s3.secretAccessKey,
    }),
    leftovers: async (key) => s3.pendingUploads(key),
    refuseAborts: s3.refuseAborts,
    close: s3.close,
  };
}

/** An S3-compatible service run elsewhere; its bucket must exist. Leftovers are asked of the service itself. */
function externalS3Backend(): Backend {
  const s: S3Settings = {
    endpoint: process.env.TEST_S3_ENDPOINT!,
    bucket: process.env.TEST_S3_BUCKET ?? 'ppp-test',
    region: process.env.TEST_S3_REGION ?? 'us-east-1',
    accessKeyId: process.env.TEST_S3_ACCESS_KEY_ID,
    secretAccessKey: process.env.TEST_S3_SECRET_ACCESS_KEY,
  };
  const credentials =
    s.accessKeyId && s.secretAccessKey
      ? { accessKeyId: s.accessKeyId, secretAccessKey: s.secretAccessKey }
      : undefined;
  const client = new S3Client({
    endpoint: s.endpoint,
    region: s.region,
    forcePathStyle: true,
    credentials,
  });
  const store = s3Store(s);
  return {
    store,
    leftovers: async (key) =>
      (
        (await client.send(new ListMultipartUploadsCommand({ Bucket: s.bucket, Prefix: key })))
          .Uploads ?? []
      ).map((u) => u.UploadId ?? ''),
    close: async () => {
      for await (const o of store.list(`${run}/`)) await store.delete(o.key);
      client.destroy();
    },
  };
}

/** `bytes` of random data as 64 KiB chunks made on demand (never one buffer); fails at `failAt` if given. */
function generated(bytes: number, failAt?: number) {
  const hash = crypto.createHash('sha256');
  async function* chunks() {
    for (let sent = 0; sent < bytes; sent += CHUNK) {
      if (failAt !== undefined && sent >= failAt) throw new Error('the client went away');
      const chunk = crypto.randomBytes(Math.min(CHUNK, bytes - sent));
      hash.update(chunk);
      yield chunk;
    }
  }
  return {
    stream: Readable.from(chunks(), { objectMode: false }),
    sha256: () => hash.digest('hex'),
  };
}

async function readBack(store: FileStore, key: string) {
  const hash = crypto.createHash('sha256');
  let bytes = 0;
  for await (const chunk of await store.get(key)) {
    hash.update(chunk as Buffer);
    bytes += (chunk as Buffer).length;
  }
  return { bytes, sha256: hash.digest('hex') };
}

const text = (s: string) => Readable.from([Buffer.from(s)]);
async function keysUnder(store: FileStore, prefix: string) {
  const keys: string[] = [];
  for await (const o of store.list(prefix)) keys.push(o.key);
  return keys.sort();
}

// Storage does not depend on the database: the file runs in one project (vitest.config.ts DATABASE_FREE).
const noEndpoint = !process.env.TEST_S3_ENDPOINT;
// The last column: whether the server can be made to refuse multipart aborts (only the in-process one can).
const backends: [string, () => Backend | Promise<Backend>, boolean, boolean][] = [
  ['disk', diskBackend, false, false],
  ['s3 in process', s3rverBackend, false, true],
  [
    `s3 at TEST_S3_ENDPOINT${skipReason(noEndpoint && 'TEST_S3_ENDPOINT is not set')}`,
    externalS3Backend,
    noEndpoint,
    false,
  ],
];

describe.each(backends)('FileStore contract: %s', (_name, make, skip, canRefuseAborts) => {
  let b: Backend;
  beforeAll(async () => {
    if (!skip) b = await make();
  });
  afterAll(async () => {
    if (b) await b.close();
  });
  const key = (name: string) => `${run}/${name}`;

  it.skipIf(skip)('streams 12 MB in and out byte for byte', async () => {
    const body = generated(12 * MiB);
    await b.store.put(key('big/file.bin'), body.stream, 'application/octet-stream');
    expect(await readBack(b.store, key('big/file.bin'))).toEqual({
      bytes: 12 * MiB,
      sha256: body.sha256(),
    });
  });

  it.skipIf(skip)('answers exists, deletes, and a deleted key cannot be read', async () => {
    await b.store.put(key('e/one.txt'), text('one'), 'text/plain');
    expect(await b.store.exists(key('e/one.txt'))).toBe(true);
    expect(await b.store.exists(key('e/none.txt'))).toBe(false);
    await b.store.delete(key('e/one.txt'));
    expect(await b.store.exists(key('e/one.txt'))).toBe(false);
    await expect(b.store.get(key('e/one.txt'))).rejects.toThrow();
    await expect(b.store.delete(key('e/one.txt'))).resolves.toBeUndefined();
  });

  it.skipIf(skip)(
    'moves an object to another key (an upload to its content key), replacing it',
    async () => {
      await b.store.put(key('m/upload'), text('moved bytes'), 'text/plain');
      await b.store.put(key('m/sha256/ab/target'), text('older copy'), 'text/plain');
      await b.store.move(key('m/upload'), key('m/sha256/ab/target'));
      expect(await b.store.exists(key('m/upload'))).toBe(false);
      const chunks: Buffer[] = [];
      for await (const c of await b.store.get(key('m/sha256/ab/target'))) chunks.push(c as Buffer);
      expect(Buffer.concat(chunks).toString()).toBe('moved bytes');
    },
  );

  it.skipIf(skip)('lists the keys under a prefix, with their modification time', async () => {
    const before = Date.now() - 60_000;
    for (const k of ['l/a/1.txt', 'l/a/sub/2.txt', 'l/ab/3.txt', 'l/b/4.txt'])
      await b.store.put(key(k), text(k), 'text/plain');
    expect(await keysUnder(b.store, key('l/a/'))).toEqual([key('l/a/1.txt'), key('l/a/sub/2.txt')]);
    // A prefix is the start of a key, as on S3, not only a folder.
    expect(await keysUnder(b.store, key('l/a'))).toEqual([
      key('l/a/1.txt'),
      key('l/a/sub/2.txt'),
      key('l/ab/3.txt'),
    ]);
    expect(await keysUnder(b.store, key('l/none/'))).toEqual([]);
    for await (const o of b.store.list(key('l/b/')))
      expect(o.modifiedAt.getTime()).toBeGreaterThan(before);
  });

  // At once: before the disk's temporary file is even open. Early: before the first 5 MiB part is
  // full (one PutObject on S3). Midway: after part 1 was sent.
  it.skipIf(skip).each([
    ['at once', 0],
    ['early', 64 * 1024],
    ['midway', 7 * MiB],
  ])('a body that fails %s leaves no object and nothing half-written', async (_when, failAt) => {
    const k = key(`fail/${failAt}.bin`);
    await expect(
      b.store.put(k, generated(12 * MiB, failAt).stream, 'application/octet-stream'),
    ).rejects.toThrow('the client went away');
    expect(await b.store.exists(k)).toBe(false);
    expect(await b.leftovers(k)).toEqual([]);
  });

  it.skipIf(skip)('a failed overwrite keeps the previous object', async () => {
    const k = key('keep/file.bin');
    const first = generated(1 * MiB);
    await b.store.put(k, first.stream, 'application/octet-stream');
    await expect(
      b.store.put(k, generated(12 * MiB, 6 * MiB).stream, 'application/octet-stream'),
    ).rejects.toThrow('the client went away');
    expect(await readBack(b.store, k)).toEqual({ bytes: 1 * MiB, sha256: first.sha256() });
  });

  if (canRefuseAborts)
    it.skipIf(skip)(
      "a failed put reports the body's error even when the clean-up fails",
      async () => {
        b.refuseAborts!(true);
        try {
          const k = key('abort-refused/file.bin');
          await expect(
            b.store.put(k, generated(12 * MiB, 7 * MiB).stream, 'application/octet-stream'),
          ).rejects.toThrow('the client went away');
          expect(await b.store.exists(k)).toBe(false);
        } finally {
          b.refuseAborts!(false);
        }
      },
    );
});

describe('diskStore keys', () => {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'ppp-keys-'));
  const store = diskStore(path.join(root, 'files'));
  fs.writeFileSync(path.join(root, 'secret.txt'), 'outside the store');
  afterAll(() => fs.rmSync(root, { recursive: true, force: true }));

  it.each(['../secret.txt', 'a/../../secret.txt', '/etc/passwd', '..'])(
    'refuses %s for every operation',
    async (bad) => {
      await expect(store.put(bad, text('x'), 'text/plain')).rejects.toThrow('invalid storage key');
      await expect(store.get(bad)).rejects.toThrow('invalid storage key');
      await expect(store.exists(bad)).rejects.toThrow('invalid storage key');
      await expect(store.delete(bad)).rejects.toThrow('invalid storage key');
      expect(fs.readFileSync(path.join(root, 'secret.txt'), 'utf8')).toBe('outside the store');
    },
  );

  it('refuses a prefix that leaves the store', async () => {
    await expect(keysUnder(store, '../')).rejects.toThrow('invalid storage key');
  });
});
