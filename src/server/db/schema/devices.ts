import { index, integer, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from './users';

/**
 * Browsers that signed in to an account (OWASP "device cookies"). The browser keeps a random
 * token in an HttpOnly cookie; only its SHA-256 is stored. Sign-ins that present it are counted
 * per device, so a stranger's failures cannot lock the owner's own browser out.
 */
export const loginDevices = pgTable(
  'login_devices',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull().unique(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('login_devices_user_idx').on(t.userId)],
);
