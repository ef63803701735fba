import { describe, expect, it } from 'vitest';
import { ChunkLoadError, loadChunk } from './chunk-load';

// Pure browser-side logic, no database: the file runs in one project (vitest.config.ts DATABASE_FREE).
describe('loadChunk', () => {
  it('passes the module through', async () => {
    await expect(loadChunk(async () => ({ Component: 'x' }))).resolves.toEqual({ Component: 'x' });
  });

  it('turns a failed fetch into a ChunkLoadError', async () => {
    const err = await loadChunk(() =>
      Promise.reject(new TypeError('Failed to fetch dynamically imported module')),
    ).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ChunkLoadError);
  });

  it('gives up on a fetch that hangs past the limit', async () => {
    const err = await loadChunk(() => new Promise<never>(() => undefined), 30).catch(
      (e: unknown) => e,
    );
    expect(err).toBeInstanceOf(ChunkLoadError);
    expect((err as Error).message).toMatch(/longer than 0.03 seconds/);
  });
});
