import { spawn, execFileSync, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { freePort, waitUntilHealthy } from '../scripts/portal-process.mjs';
import { DATA_FIELD, USER_PATHS } from '../src/shared/contracts/users';
import { E2E_INSTAGRAM_URL, E2E_USERS, type E2EUser } from './users';

/**
 * Seeds the admin with the operator CLI while the app builds, starts the portal exactly as the
 * README does (`npm start`, which builds what is not built) on a fresh DATA_DIR and a free port,
 * then creates the partners as an admin does, through Create Account's call.
 */
export default async function setup(project: TestProject) {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'ppp-e2e-'));
  const port = await freePort();
  const env = {
    ...process.env,
    DATA_DIR: dataDir,
    PORT: String(port),
    HOST: '127.0.0.1',
    LOG_LEVEL: 'warn',
    DATABASE_URL: '',
    SERVER_PROCESSES: '', // the embedded database is one process's
    INSTAGRAM_URL: E2E_INSTAGRAM_URL,
    WEBHOOK_ALLOW_PRIVATE: 'true',
    // scrypt N = 2^14 instead of 2^17: sign-ins are what the journeys repeat most (e2e/startup runs
    // the production default).
    PASSWORD_HASH_COST: '14',
  };
  // The build `npm start` would do first runs meanwhile, on the other core (scripts/build.mjs
  // holds a lock, and `npm start` below then finds it built).
  const build = spawn(
    process.execPath,
    [
      '--input-type=module',
      '-e',
      "await (await import('./scripts/build.mjs')).buildAll({ quiet: true, ifNeeded: true })",
    ],
    { stdio: ['ignore', 'pipe', 'pipe'] },
  );
  let buildOutput = '';
  build.stdout!.on('data', (d) => (buildOutput += d));
  build.stderr!.on('data', (d) => (buildOutput += d));
  const built = new Promise<number>((resolve) => build.on('close', (code) => resolve(code ?? 1)));
  try {
    seedUser(E2E_USERS.admin, env);
  } catch (err) {
    build.kill();
    throw err;
  }
  const buildCode = await built;
  if (buildCode !== 0) throw new Error(`build failed (exit ${buildCode}):\n${buildOutput}`);
  const server: ChildProcess = spawn('npm', ['start'], {
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: true,
  });
  let output = '';
  server.stdout!.on('data', (d) => (output += d));
  server.stderr!.on('data', (d) => (output += d));
  const baseURL = `http://127.0.0.1:${port}`;
  // On the portal's progress (its CPU, npm's whole tree), not on wall time: a loaded machine
  // stretches a start's ~15 s of CPU to minutes (scripts/portal-process.mjs).
  await waitUntilHealthy(baseURL, { child: server, timeoutMs: 120_000, pollMs: 300 }).catch(
    (err: Error) => {
      throw new Error(`${err.message}; the portal printed:\n${output}`);
    },
  );
  // Each further account cost the CLI a process, its TypeScript and an open of the database (about
  // 4 s of CPU); through the running portal it costs one request.
  await createPartners(baseURL);
  project.provide('baseURL', baseURL);
  project.provide('dataDir', dataDir);
  // Where e2e/migrated-data-dir.ts makes the migrated database files' own portals copy (if one asks).
  const template = path.resolve('.test-data', `e2e-pglite-${process.pid}`);
  project.provide('pgliteTemplateDir', template);
  return async () => {
    try {
      process.kill(-server.pid!, 'SIGTERM');
    } catch {
      /* already gone */
    }
    await new Promise((r) => setTimeout(r, 1000));
    fs.rmSync(dataDir, { recursive: true, force: true });
    fs.rmSync(template, { recursive: true, force: true });
  };
}

/** The partners (every account but the admin), through `POST /api/auth/signup` as the admin. */
async function createPartners(baseURL: string) {
  const { admin, ...partners } = E2E_USERS;
  const login = await fetch(`${baseURL}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: admin.email, password: admin.password }),
  });
  if (!login.ok) throw new Error(`the seeded admin cannot sign in: ${login.status}`);
  const { token } = (await login.json()) as { token: string };
  for (const u of Object.values(partners)) {
    const form = new FormData();
    form.append(
      DATA_FIELD,
      JSON.stringify({
        fullName: u.fullName,
        email: u.email,
        brand: u.brand,
        role: u.role,
        password: u.password,
        repeatPassword: u.password,
      }),
    );
    const res = await fetch(baseURL + USER_PATHS.signup, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}` },
      body: form,
    });
    if (res.status !== 201)
      throw new Error(`creating ${u.email}: ${res.status} ${await res.text()}`);
  }
}

/**
 * One account, through the operator CLI (as an operator would create it): `npm run create-user`
 * runs it with tsx, whose command starts node with its loader; this starts that node directly (not
 * through npx and tsx's command, about 0.4 s of CPU).
 */
function seedUser(u: E2EUser, env: NodeJS.ProcessEnv) {
  const args = [
    '--import',
    'tsx',
    'src/server/cli/create-user.ts',
    '--email',
    u.email,
    '--password',
    u.password,
    '--role',
    u.role,
    '--name',
    u.fullName,
  ];
  if (u.brand) args.push('--brand', u.brand);
  execFileSync(process.execPath, args, { env, stdio: ['ignore', 'ignore', 'inherit'] });
}

declare module 'vitest' {
  export interface ProvidedContext {
    baseURL: string;
    dataDir: string;
    pgliteTemplateDir: string;
  }
}
