import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
// @ts-expect-error s3rver ships no types; this uses run(), close() and its Koa middleware list.
import S3rver from 's3rver';

interface KoaLike {
  middleware: ((
    ctx: { method: string; query: Record<string, unknown>; status: number },
    next: () => Promise<void>,
  ) => unknown)[];
  run(): Promise<{ port: number }>;
  close(): Promise<void>;
}

export interface TestS3Server {
  endpoint: string;
  bucket: string;
  accessKeyId: string;
  secretAccessKey: string;
  /** Multipart uploads of `key` that were neither completed nor aborted. */
  pendingUploads(key: string): string[];
  /** Makes the server refuse multipart aborts, as a failing S3 service would. */
  refuseAborts(refuse: boolean): void;
  close(): Promise<void>;
}

/** A real S3 API server (s3rver, on disk in a temp folder) on a free loopback port, with one bucket. */
export async function startS3Server(bucket = 'ppp-test'): Promise<TestS3Server> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'ppp-s3rver-'));
  const server = new S3rver({
    address: '127.0.0.1',
    port: 0,
    silent: true,
    directory: dir,
    configureBuckets: [{ name: bucket }],
  }) as KoaLike;
  // s3rver keeps each multipart upload's parts in this folder until it completes.
  const uploads = path.join(dir, bucket, '._S3rver_uploads');
  // s3rver lacks AbortMultipartUpload (it answers 405); this does what S3 does with it: drops the
  // upload's parts. So a left-over upload folder means the client never sent the abort.
  let refuse = false;
  server.middleware.unshift(async (ctx, next) => {
    const id = ctx.query.uploadId;
    if (ctx.method !== 'DELETE' || typeof id !== 'string') return next();
    if (refuse) {
      ctx.status = 503;
      return;
    }
    const folder = path.join(uploads, path.basename(id));
    ctx.status = fs.existsSync(folder) ? 204 : 404;
    fs.rmSync(folder, { recursive: true, force: true });
  });
  const { port } = await server.run();
  return {
    endpoint: `http://127.0.0.1:${port}`,
    bucket,
    accessKeyId: 'S3RVER',
    secretAccessKey: 'S3RVER',
    pendingUploads: (key) =>
      fs.existsSync(uploads)
        ? fs
            .readdirSync(uploads)
            .filter((id) => fs.readFileSync(path.join(uploads, id, 'key'), 'utf8') === key)
        : [],
    refuseAborts: (r) => (refuse = r),
    close: async () => {
      await server.close();
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}
