// Operator tool: creates (or updates the password of) an account directly in the database.
//   npm run create-user -- --email a@b.c --password 'Secret-123' [--role admin|user] [--brand ditto] [--name "Full Name"] [--reset-two-factor]
// --reset-two-factor also removes the account's authenticator app, recovery codes and passkeys and
// ends its sessions: the way back in for an admin who lost them (docs/two-factor.md).
// With the embedded database, run it while the portal is stopped (PGlite allows one process).
import { parseArgs } from 'node:util';
import { eq, sql } from 'drizzle-orm';
import pino from 'pino';
import { loadEnv } from '../config/env';
import { createDeps } from '../deps';
import { seedBrands } from '../features/brands';
import { insertUser, resetSecondFactors } from '../features/auth';
import { endResetLinks } from '../features/users';
import { hashPassword } from '../lib/password';
import { keepDataDirPrivate } from '../lib/private-data-dir';
import { brands } from '../db/schema/brands';
import { users } from '../db/schema/users';
import { LoginRequestSchema } from '../../shared/contracts/auth';
import { PASSWORD_RULE } from '../../shared/contracts/common';

const { values } = parseArgs({
  options: {
    email: { type: 'string' },
    password: { type: 'string' },
    role: { type: 'string', default: 'user' },
    brand: { type: 'string' },
    name: { type: 'string' },
    'reset-two-factor': { type: 'boolean', default: false },
  },
});

const parsed = LoginRequestSchema.safeParse({ email: values.email, password: values.password });
if (!parsed.success || (values.role !== 'admin' && values.role !== 'user')) {
  // One line naming the option and the rule; the password itself is never echoed.
  const issue = parsed.error?.issues[0];
  const reason = !issue
    ? '--role must be admin or user'
    : issue.path[0] === 'password'
      ? `--password ${PASSWORD_RULE}`
      : `--email ${issue.message}`;
  console.error(`create-user: ${reason}`);
  process.exit(1);
}
const env = loadEnv();
keepDataDirPrivate(env.dataDir);
const deps = await createDeps(env, pino({ level: 'warn' }));
const db = deps.database.db;
await seedBrands(db);
let brandId: number | null = null;
if (values.brand) {
  const [b] = await db.select({ id: brands.id }).from(brands).where(eq(brands.slug, values.brand));
  if (!b) {
    console.error(`create-user: no brand with slug "${values.brand}"`);
    process.exit(1);
  }
  brandId = b.id;
}
const passwordHash = await hashPassword(parsed.data.password);
const [existing] = await db
  .select({ id: users.id })
  .from(users)
  .where(sql`lower(${users.email}) = ${parsed.data.email.toLowerCase()}`);
if (existing) {
  await db
    .update(users)
    .set({ passwordHash, role: values.role, brandId, disabled: false })
    .where(eq(users.id, existing.id));
  await endResetLinks(db, existing.id); // a link mailed before this new password must not override it
  if (values['reset-two-factor']) {
    await resetSecondFactors(db, existing.id, null);
    console.log(`Reset two-factor sign-in and passkeys of ${parsed.data.email}`);
  }
  console.log(`Updated ${parsed.data.email}`);
} else {
  await insertUser(db, {
    fullName: values.name ?? parsed.data.email,
    email: parsed.data.email,
    passwordHash,
    role: values.role,
    brandId,
  });
  console.log(`Created ${values.role} ${parsed.data.email}`);
}
await deps.closeAll();
