import { index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { createdAt } from './_columns';

/**
 * One-time codes sent by e-mail or SMS. Only a hash is kept; `verifiedAt` proves ownership of the
 * target for a short while (registration, PIN reset) and `consumedAt` makes that proof single-use.
 */
export const otpCodes = pgTable(
  'otp_codes',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    channel: text({ enum: ['email', 'sms'] }).notNull(),
    /** Lower-cased e-mail or normalised phone. */
    target: text().notNull(),
    codeHash: text().notNull(),
    attempts: integer().notNull().default(0),
    expiresAt: timestamp({ withTimezone: true }).notNull(),
    verifiedAt: timestamp({ withTimezone: true }),
    consumedAt: timestamp({ withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [index('otp_codes_target_idx').on(t.channel, t.target, t.createdAt)],
);

/**
 * Failed-login counters keyed by `user:<id>` or `ip:<address>`; kept in the database so a lock
 * holds across every instance of the server.
 */
export const authThrottles = pgTable('auth_throttles', {
  key: text().primaryKey(),
  failures: integer().notNull().default(0),
  windowStartedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  lockedUntil: timestamp({ withTimezone: true }),
});
