import type { Env } from './config/env';
import type { Database, Db } from './db/client';
import type { FileStore } from './storage/file-store';
import type { Mailer } from './mail/mailer';
import type { Counter } from './lib/counter';
import type { JobKicks } from './jobs/kicks';
import type { Role } from '../shared/options';

/** What every feature needs, built once in main.ts (or by the test helper) and passed to buildApp. */
export interface AppDeps {
  env: Env;
  database: Database;
  files: FileStore;
  mailer: Mailer;
  counter: Counter;
  /** Wakes a job kind's worker after a commit (wired by background.ts). */
  kicks: JobKicks;
}

/** The signed-in user as the server sees it; brand scoping reads `role` and `brandId`. */
export interface AuthUser {
  id: number;
  role: Role;
  brandId: number | null;
  email: string;
  fullName: string;
  sessionId: number;
  /** Set when the request carries an API token instead of a session (issue 14). */
  token?: { id: number; scope: 'read' | 'read_write' };
}

declare module 'fastify' {
  interface FastifyInstance {
    deps: AppDeps;
    db: Db;
  }
  interface FastifyRequest {
    authUser?: AuthUser;
  }
}
