import fs from 'node:fs';
import path from 'node:path';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { buildApp } from './app';
import { createHook } from 'node:async_hooks';
import { ALL_WORKERS, scheduleJobs, startBackground, type Background } from './background';
import { createTestApp, createUser, dbKind, type TestApp } from './test/helper';
import { listObjects } from './test/submission';
import { seedPattern } from './features/patterns/detail.fixtures';
import { LONGEST_UPLOAD_MS } from './features/files';
import { patternFiles } from './db/schema/patterns';
import { eq } from 'drizzle-orm';

const until = async (condition: () => boolean) => {
  const deadline = Date.now() + 10_000;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error('condition not met in 10 s');
    await new Promise((r) => setTimeout(r, 20));
  }
};

describe(`background jobs (${dbKind})`, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
    await createUser(t, { brand: 'ditto' });
  });
  afterAll(() => t.close());

  it('schedules every job from one place once the app is ready', () => {
    const jobs = Object.fromEntries(t.app.background.map((j) => [j.name, j]));
    expect(jobs['upload sweep']).toMatchObject({
      firstAfterMs: 0,
      everyMs: 60 * 60_000,
      scheduled: true,
    });
    expect(jobs['rate-limit counters sweep']).toMatchObject({ everyMs: 60_000, scheduled: true });
    if (dbKind === 'pglite')
      expect(jobs['patterns table maintenance']).toMatchObject({
        firstAfterMs: 30_000,
        everyMs: 5 * 60_000,
        scheduled: true,
      });
    else expect(jobs['patterns table maintenance']).toBeUndefined(); // PostgreSQL's autovacuum does it
  });

  it('sweeps upload leftovers at start-up: old `.part` files and unreferenced objects go, the rest stays', async () => {
    const p = await seedPattern(t, { sizes: 1 });
    const root = path.join(t.dataDir, 'files');
    const stale = new Date(Date.now() - LONGEST_UPLOAD_MS - 60_000);
    const recent = new Date(Date.now() - LONGEST_UPLOAD_MS + 5 * 60_000);
    const make = (key: string, at: Date) => {
      const file = path.join(root, key);
      fs.mkdirSync(path.dirname(file), { recursive: true });
      fs.writeFileSync(file, 'left by a killed process');
      fs.utimesSync(file, at, at);
    };
    make('patterns/2026-01/killed-upload.part', stale);
    make('patterns/2026-01/never-referenced', stale);
    make('patterns/2026-01/still-uploading.part', recent);
    make('patterns/2026-01/row-not-written-yet', recent);
    const referenced = listObjects(t).filter(
      (k) => k.startsWith('patterns/') && !k.startsWith('patterns/2026-01/'),
    );
    expect(referenced.length).toBeGreaterThan(0);
    for (const k of referenced) fs.utimesSync(path.join(root, k), stale, stale);
    expect(p.id).toBeGreaterThan(0);

    // A restart: a new app on the same store and database, as after kill -9.
    const restarted = await buildApp(t.deps);
    let bg: Background | undefined;
    try {
      await restarted.ready();
      bg = await startBackground(restarted, { workers: [] });
      const sweep = restarted.background.find((j) => j.name === 'upload sweep')!;
      expect(sweep.runs).toBe(1); // started by ready(), not an hour later
      await until(() => !listObjects(t).includes('patterns/2026-01/never-referenced'));
      await until(() => !listObjects(t).includes('patterns/2026-01/killed-upload.part'));
      const left = listObjects(t);
      expect(left).toContain('patterns/2026-01/still-uploading.part');
      expect(left).toContain('patterns/2026-01/row-not-written-yet');
      // Every object a row names is still stored. The sweep also moves objects under legacy keys
      // (the fixture's) to their content keys (rehashLegacyObjects), so a row's key may have
      // changed: what matters is that the key it names now is there.
      const named = await t.deps.database.db
        .select({ key: patternFiles.storageKey })
        .from(patternFiles)
        .where(eq(patternFiles.patternId, p.id));
      expect(named.length).toBeGreaterThan(0);
      for (const { key } of named) expect(left).toContain(key);
    } finally {
      await bg?.stop();
      await restarted.close();
    }
    expect(restarted.background.every((j) => !j.scheduled)).toBe(true);
  });
});

describe(`startBackground: the one place (${dbKind})`, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({}, { workers: [] });
  });
  afterAll(() => t.close());

  it('lists every timer, worker and service it started, and stopping leaves none of their timers armed', async () => {
    // Every timer our server code creates from here on, until it fires or is cleared (the
    // database engine's own timers and this test's waits aside).
    const live = new Map<number, string>();
    const hook = createHook({
      init(id, type) {
        if (type !== 'Timeout') return;
        const stack = new Error().stack ?? '';
        // The frame that called setTimeout/setInterval.
        const caller = stack
          .split('\n')
          .slice(1)
          .find((l) => !l.includes('node:') && !l.includes('AsyncHook.init'));
        if (caller?.includes('/src/server/') && !caller.includes('background.test'))
          live.set(id, stack);
      },
      destroy(id) {
        live.delete(id);
      },
    });
    const app = await buildApp(t.deps);
    await app.ready();
    hook.enable();
    try {
      const bg = await startBackground(app, {
        workers: ALL_WORKERS,
        processServices: { dataDir: t.dataDir },
      });
      expect(bg.states).toBe(app.background);
      const started = app.background.map((s) => `${s.kind}: ${s.name}`);
      expect(started).toEqual([
        ...(dbKind === 'pglite' ? ['service: backup socket'] : []),
        'service: idle collector',
        'worker: mail worker',
        'worker: webhooks worker',
        'worker: storefront worker',
        'worker: imports worker',
        'worker: import checks worker',
        'worker: thumbnails worker',
        'worker: releases worker',
        'timer: upload sweep',
        'timer: sent mail texts',
        'timer: trash purge',
        ...(dbKind === 'pglite' ? ['timer: patterns table maintenance'] : []),
        'timer: rate-limit counters sweep',
      ]);
      expect(app.background.every((s) => s.scheduled)).toBe(true);
      expect(live.size).toBeGreaterThan(0);
      await new Promise((r) => setTimeout(r, 100)); // the workers' first polls
      await bg.stop();
      expect(app.background.every((s) => !s.scheduled)).toBe(true);
      await until(() => live.size === 0).catch(() => {
        throw new Error(`timers left armed:\n${[...live.values()].join('\n----\n')}`);
      });
      expect(fs.existsSync(path.join(t.dataDir, 'backup.sock'))).toBe(false);
    } finally {
      hook.disable();
      await app.close();
    }
  });
});

describe('scheduleJobs', () => {
  it('runs a job after its first delay, then at its interval, never twice at once, and stops on close', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'setInterval', 'clearTimeout', 'clearInterval'] });
    try {
      let finish: () => void = () => undefined;
      const run = vi.fn(() => new Promise<void>((resolve) => (finish = resolve)));
      const { states, stop } = scheduleJobs(
        [{ name: 'job', firstAfterMs: 1000, everyMs: 5000, run }],
        pino({ level: 'silent' }),
      );
      expect(run).not.toHaveBeenCalled();
      await vi.advanceTimersByTimeAsync(1000);
      expect(run).toHaveBeenCalledTimes(1);
      await vi.advanceTimersByTimeAsync(5000); // still running: skipped, not stacked
      expect(run).toHaveBeenCalledTimes(1);
      finish();
      await vi.advanceTimersByTimeAsync(5000);
      expect(run).toHaveBeenCalledTimes(2);
      finish();
      expect(states[0]).toMatchObject({ runs: 2, scheduled: true });
      await stop();
      await vi.advanceTimersByTimeAsync(60_000);
      expect(run).toHaveBeenCalledTimes(2);
      expect(states[0]?.scheduled).toBe(false);
    } finally {
      vi.useRealTimers();
    }
  });

  it('logs a failed run and keeps the schedule', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'setInterval', 'clearTimeout', 'clearInterval'] });
    try {
      const warn = vi.fn();
      const log = { warn } as unknown as Parameters<typeof scheduleJobs>[1];
      const run = vi.fn(async () => {
        throw new Error('store unreachable');
      });
      const { stop } = scheduleJobs([{ name: 'flaky', firstAfterMs: 0, everyMs: 100, run }], log);
      await vi.advanceTimersByTimeAsync(250);
      expect(run).toHaveBeenCalledTimes(3);
      expect(warn).toHaveBeenCalledWith(
        expect.objectContaining({ job: 'flaky' }),
        'background job failed',
      );
      await stop();
    } finally {
      vi.useRealTimers();
    }
  });
});
