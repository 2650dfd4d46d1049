import { sql } from 'drizzle-orm';
import { boolean, check, integer, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { createdAt } from './_columns';
import { users } from './users';

/** General limits, one row per setting (max_places, max_levels_selection, months_ahead). */
export const settings = pgTable('settings', {
  key: text().primaryKey(),
  value: integer().notNull(),
  description: text().notNull(),
  updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
});

/** The single Twilio configuration row (id is always 1); the token is encrypted at rest. */
export const smsConfig = pgTable(
  'sms_config',
  {
    id: integer().primaryKey().default(1),
    accountSid: text().notNull(),
    authTokenEnc: text().notNull(),
    phoneNumber: text().notNull(),
    isLive: boolean().notNull().default(false),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [check('sms_config_single_row', sql`${t.id} = 1`)],
);

/** The single SMTP configuration row (id is always 1); the password is encrypted at rest. */
export const smtpConfig = pgTable(
  'smtp_config',
  {
    id: integer().primaryKey().default(1),
    host: text().notNull(),
    port: integer().notNull().default(587),
    secure: boolean().notNull().default(false),
    username: text().notNull(),
    passwordEnc: text().notNull(),
    fromEmail: text(),
    fromName: text(),
    isActive: boolean().notNull().default(false),
    /** The admin's explicit opt-out of certificate checks (self-signed relay); off by default. */
    skipCertVerify: boolean().notNull().default(false),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [check('smtp_config_single_row', sql`${t.id} = 1`)],
);

/** Who changed what in the administration, and when. */
export const auditLog = pgTable('audit_log', {
  id: integer().primaryKey().generatedAlwaysAsIdentity(),
  actorId: integer().references(() => users.id, { onDelete: 'set null' }),
  action: text().notNull(),
  entity: text().notNull(),
  entityId: text(),
  details: jsonb().$type<Record<string, unknown>>(),
  createdAt: createdAt(),
});
