import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { childrenOf, freePort, waitUntilHealthy } from '../scripts/portal-process.mjs';
import { SERVER_ENV, SERVER_NODE_FLAGS } from '../scripts/server-flags.mjs';

/** The README's start command on its own data directory: first admin, restart, bad configuration, SIGTERM. */
describe('npm start', () => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'ppp-start-'));
  // A port the system says is free: one picked at random in 4100–4899 was RabbitMQ's epmd (4369) in a
  // clean-clone run ("listen EADDRINUSE"). Kept for the file: the restarts below use it again.
  let port = 0;
  // info: the request log lines tell when the server has a request in hand.
  const env = {
    ...process.env,
    DATA_DIR: dataDir,
    PORT: '',
    LOG_LEVEL: 'info',
    DATABASE_URL: '',
    SERVER_PROCESSES: '', // the embedded database is one process's
    ADMIN_EMAIL: '',
    ADMIN_PASSWORD: '',
  };
  beforeAll(async () => {
    port = await freePort();
    env.PORT = String(port);
  });
  afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }));

  async function start(): Promise<{ child: ChildProcess; output: () => string }> {
    const child = spawn(process.execPath, ['scripts/start.mjs'], {
      env,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let out = '';
    child.stdout!.on('data', (d) => (out += d));
    child.stderr!.on('data', (d) => (out += d));
    // A budget of the portal's own CPU (its process tree), not of wall time: a loaded machine
    // only makes it wait longer.
    await waitUntilHealthy(`http://127.0.0.1:${port}`, {
      child,
      timeoutMs: 90_000,
      pollMs: 100,
    }).catch((err: Error) => {
      throw new Error(`did not start: ${err.message}\n${out}`);
    });
    await until(
      () => out.includes('running at'),
      () => out,
    );
    return { child, output: () => out };
  }
  async function until(condition: () => boolean, output: () => string, ms = 10_000) {
    const deadline = Date.now() + ms;
    while (!condition()) {
      if (Date.now() > deadline) throw new Error(`condition not met in ${ms} ms:\n${output()}`);
      await new Promise((r) => setTimeout(r, 5));
    }
  }
  const stop = (child: ChildProcess) =>
    new Promise<number | null>((resolve) => {
      child.on('exit', (code) => resolve(code));
      child.kill('SIGTERM');
    });

  it('creates the first admin once, prints the password once, and the admin can sign in', async () => {
    const first = await start();
    const printed = /Sign in as (\S+) with password (\S+)/.exec(first.output());
    expect(printed?.[1]).toBe('admin@localhost');
    expect(first.output()).toContain(`http://127.0.0.1:${port}/app/`);
    const password = printed![2];
    const login = await fetch(`http://127.0.0.1:${port}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'admin@localhost', password }),
    });
    expect(login.status).toBe(200);
    expect((await login.json()).role).toBe('admin');

    // The server process runs with the Node flags and the environment of scripts/server-flags.mjs
    // (ADR 012: what keeps its idle memory down).
    const [server] = childrenOf(first.child.pid!);
    const cmdline = fs.readFileSync(`/proc/${server}/cmdline`, 'utf8').split('\0');
    expect(cmdline).toEqual(expect.arrayContaining(SERVER_NODE_FLAGS));
    expect(cmdline).not.toContain('--enable-source-maps');
    const environ = fs.readFileSync(`/proc/${server}/environ`, 'utf8').split('\0');
    for (const [name, value] of Object.entries(SERVER_ENV))
      expect(environ).toContain(`${name}=${value}`);

    // SIGTERM while a sign-in is in flight: the request still gets its answer.
    const inFlight = fetch(`http://127.0.0.1:${port}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'admin@localhost', password }),
    });
    // SIGTERM only once the server has the request (its log line says so), not after a guessed sleep.
    const logins = () =>
      first
        .output()
        .split('\n')
        .filter((l) => l.includes('"incoming request"') && l.includes('"url":"/api/auth/login"'));
    await until(() => logins().length === 2, first.output);
    const exited = stop(first.child);
    expect((await inFlight).status).toBe(200);
    expect(await exited, first.output()).toBe(0);

    const second = await start();
    expect(second.output()).not.toMatch(/with password/);
    const again = await fetch(`http://127.0.0.1:${port}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'admin@localhost', password }),
    });
    expect(again.status).toBe(200);
    await stop(second.child);
  }, 900_000); // a safety net only: two starts (each waits on its CPU) and three scrypt sign-ins

  it('stops with one line naming a bad setting', () => {
    const r = spawnSync(process.execPath, ['scripts/start.mjs'], {
      env: { ...env, PORT: 'eighty' },
      encoding: 'utf8',
    });
    expect(r.status).toBe(1);
    const lines = r.stderr.trim().split('\n');
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(/^Invalid configuration: PORT /);
  });
});
