import type { Readable } from 'node:stream';

/** Where uploaded objects live: local disk by default, an S3-compatible bucket at scale. */
export interface FileStore {
  readonly kind: 'disk' | 's3';
  /** Streams `body` to `key`; never buffers the whole object. */
  put(key: string, body: Readable, contentType: string): Promise<void>;
  get(key: string): Promise<Readable>;
  /**
   * Renames `from` to `to` (replacing `to`): an upload streamed under a temporary key becomes its
   * content key without a second write. Disk: one rename; S3: a server-side copy, then delete.
   */
  move(from: string, to: string): Promise<void>;
  delete(key: string): Promise<void>;
  exists(key: string): Promise<boolean>;
  /** Keys under a prefix, for the start-up sweep of orphans. */
  list(prefix: string): AsyncIterable<{ key: string; modifiedAt: Date }>;
}
