/** Spec section 8: loading a screen's script gives up after 120 seconds with a chunk load error. */
export const CHUNK_TIMEOUT_MS = 120_000;

/** A screen's script could not be fetched: the network dropped, or a newer build replaced it. */
export class ChunkLoadError extends Error {
  override name = 'ChunkLoadError';
}

/** Runs a dynamic import, turning a failure or a fetch that hangs past the limit into a ChunkLoadError. */
export function loadChunk<T>(load: () => Promise<T>, timeoutMs = CHUNK_TIMEOUT_MS): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(
      () =>
        reject(
          new ChunkLoadError(`Loading the screen took longer than ${timeoutMs / 1000} seconds`),
        ),
      timeoutMs,
    );
  });
  const loaded = load().catch((err: unknown) => {
    throw new ChunkLoadError(err instanceof Error ? err.message : String(err));
  });
  return Promise.race([loaded, timeout]).finally(() => clearTimeout(timer));
}
