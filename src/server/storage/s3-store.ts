import type { S3Client } from '@aws-sdk/client-s3';
import type { Readable } from 'node:stream';
import type { FileStore } from './file-store';

export interface S3Settings {
  endpoint: string;
  bucket: string;
  region: string;
  accessKeyId?: string;
  secretAccessKey?: string;
}

type Sdk = typeof import('@aws-sdk/client-s3') & typeof import('@aws-sdk/lib-storage');
let loading: Promise<Sdk> | undefined;
/**
 * The AWS SDK loads on first use (about half a second and 10 MB), imported here rather than at the
 * top: the server bundle inlines this module, and a package it imports at the top would load at
 * every start, S3 or not.
 */
const loadSdk = () =>
  (loading ??= Promise.all([import('@aws-sdk/client-s3'), import('@aws-sdk/lib-storage')]).then(
    ([s3, storage]) => ({ ...s3, ...storage }),
  ));

export function s3Store(s: S3Settings): FileStore {
  let connecting: Promise<{ aws: Sdk; client: S3Client }> | undefined;
  const connect = () =>
    (connecting ??= loadSdk().then((aws) => ({
      aws,
      client: new aws.S3Client({
        endpoint: s.endpoint,
        region: s.region,
        forcePathStyle: true,
        credentials:
          s.accessKeyId && s.secretAccessKey
            ? { accessKeyId: s.accessKeyId, secretAccessKey: s.secretAccessKey }
            : undefined,
      }),
    })));
  return {
    kind: 's3',
    async put(key, body, contentType) {
      // Multipart upload in 5 MiB parts: memory stays bounded whatever the object's size. On failure
      // the upload is aborted, so no object and no parts remain.
      let bodyError: unknown;
      body.once('error', (err) => (bodyError = err));
      try {
        const { aws, client } = await connect();
        await new aws.Upload({
          client,
          params: { Bucket: s.bucket, Key: key, Body: body, ContentType: contentType },
          queueSize: 2,
        }).done();
      } catch (err) {
        // When the abort itself fails the SDK throws that failure; the caller needs the body's own
        // error (a 413 from the upload guard must stay a 413).
        throw bodyError ?? err;
      }
    },
    async get(key) {
      const { aws, client } = await connect();
      const out = await client.send(new aws.GetObjectCommand({ Bucket: s.bucket, Key: key }));
      return out.Body as Readable;
    },
    async move(from, to) {
      const { aws, client } = await connect();
      // A single CopyObject takes objects up to 5 GB; pattern files are far below that.
      await client.send(
        new aws.CopyObjectCommand({
          Bucket: s.bucket,
          Key: to,
          CopySource: `${s.bucket}/${from.split('/').map(encodeURIComponent).join('/')}`,
        }),
      );
      await client.send(new aws.DeleteObjectCommand({ Bucket: s.bucket, Key: from }));
    },
    async delete(key) {
      const { aws, client } = await connect();
      await client.send(new aws.DeleteObjectCommand({ Bucket: s.bucket, Key: key }));
    },
    async exists(key) {
      const { aws, client } = await connect();
      return client.send(new aws.HeadObjectCommand({ Bucket: s.bucket, Key: key })).then(
        () => true,
        () => false,
      );
    },
    async *list(prefix) {
      const { aws, client } = await connect();
      let token: string | undefined;
      do {
        const out = await client.send(
          new aws.ListObjectsV2Command({
            Bucket: s.bucket,
            Prefix: prefix,
            ContinuationToken: token,
          }),
        );
        for (const o of out.Contents ?? [])
          if (o.Key) yield { key: o.Key, modifiedAt: o.LastModified ?? new Date() };
        token = out.NextContinuationToken;
      } while (token);
    },
  };
}
