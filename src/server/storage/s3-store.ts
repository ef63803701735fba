import {
  DeleteObjectCommand,
  GetObjectCommand,
  HeadObjectCommand,
  ListObjectsV2Command,
  S3Client,
} from '@aws-sdk/client-s3';
import { Upload } from '@aws-sdk/lib-storage';
import type { Readable } from 'node:stream';
import type { FileStore } from './file-store';

export interface S3Settings {
  endpoint: string;
  bucket: string;
  region: string;
  accessKeyId?: string;
  secretAccessKey?: string;
}

export function s3Store(s: S3Settings): FileStore {
  const client = new S3Client({
    endpoint: s.endpoint,
    region: s.region,
    forcePathStyle: true,
    credentials:
      s.accessKeyId && s.secretAccessKey
        ? { accessKeyId: s.accessKeyId, secretAccessKey: s.secretAccessKey }
        : undefined,
  });
  return {
    kind: 's3',
    async put(key, body, contentType) {
      // Multipart upload in 5 MiB parts: memory stays bounded whatever the object's size. On failure
      // the upload is aborted, so no object and no parts remain.
      let bodyError: unknown;
      body.once('error', (err) => (bodyError = err));
      try {
        await new Upload({
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
      const out = await client.send(new GetObjectCommand({ Bucket: s.bucket, Key: key }));
      return out.Body as Readable;
    },
    async delete(key) {
      await client.send(new DeleteObjectCommand({ Bucket: s.bucket, Key: key }));
    },
    async exists(key) {
      return client.send(new HeadObjectCommand({ Bucket: s.bucket, Key: key })).then(
        () => true,
        () => false,
      );
    },
    async *list(prefix) {
      let token: string | undefined;
      do {
        const out = await client.send(
          new ListObjectsV2Command({ Bucket: s.bucket, Prefix: prefix, ContinuationToken: token }),
        );
        for (const o of out.Contents ?? [])
          if (o.Key) yield { key: o.Key, modifiedAt: o.LastModified ?? new Date() };
        token = out.NextContinuationToken;
      } while (token);
    },
  };
}
