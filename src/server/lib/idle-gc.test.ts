import { afterEach, describe, expect, it } from 'vitest';
import { startIdleCollector } from './idle-gc';

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

async function until(check: () => boolean, ms: number) {
  const deadline = Date.now() + ms;
  while (!check() && Date.now() < deadline) await sleep(20);
  return check();
}

describe('idle collector', () => {
  let stop: (() => void) | undefined;
  afterEach(() => stop?.());

  it('collects when resident memory grew though this thread’s heap did not (the database worker’s memory)', async () => {
    let collections = 0;
    stop = startIdleCollector({
      everyMs: 100,
      growthMb: 48,
      alsoCollect: async () => {
        collections++;
      },
    });
    // The first idle moment collects start-up's garbage.
    expect(await until(() => collections === 1, 5000)).toBe(true);
    await sleep(300);
    expect(collections).toBe(1); // nothing grew since: no second collection
    // 96 MB outside the V8 heap (as a worker thread's heap or WebAssembly memory is, seen from here).
    const held = Buffer.alloc(96 * 1024 * 1024, 1);
    expect(await until(() => collections === 2, 5000)).toBe(true);
    expect(held[held.length - 1]).toBe(1);
  });
});
