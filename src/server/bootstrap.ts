import crypto from 'node:crypto';
import type { AppDeps } from './context';
import { seedBrands } from './features/brands';
import { countUsers, insertUser } from './features/auth';
import { hashPassword } from './lib/password';
import { isUniqueViolation } from './lib/db-errors';

/**
 * Runs on every start: seeds the brands, and on a database with no users creates the first
 * admin. Answers the generated password (printed once by main.ts) or undefined.
 */
export async function bootstrap(
  deps: AppDeps,
): Promise<{ email: string; password?: string; created: boolean }> {
  const db = deps.database.db;
  await seedBrands(db);
  const email = deps.env.ADMIN_EMAIL ?? 'admin@localhost';
  if ((await countUsers(db)) > 0) return { email, created: false };
  const password = deps.env.ADMIN_PASSWORD ?? generatePassword();
  try {
    await insertUser(db, {
      fullName: 'Administrator',
      email,
      passwordHash: await hashPassword(password),
      role: 'admin',
      brandId: null,
    });
  } catch (err) {
    // Several instances starting together on an empty database: one creates the admin, the rest go on.
    if (isUniqueViolation(err)) return { email, created: false };
    throw err;
  }
  return { email, password: deps.env.ADMIN_PASSWORD ? undefined : password, created: true };
}

/** Random password that meets the portal's own password rule (lower, upper, digit, special). */
export function generatePassword(): string {
  const core = crypto.randomBytes(12).toString('base64url').replace(/[-_]/g, 'x');
  return `Aa1!${core}`.slice(0, 20);
}
