import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  time,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { createdAt, timestamps } from './_columns';
import { bytea } from './bytea';

export const users = pgTable(
  'users',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    name: text().notNull(),
    email: text(),
    /** Stored with its dial code, e.g. +33612345678. */
    phone: text().notNull(),
    /** Name of a level (`levels.niveau`); kept as text so a deleted level still reads as "Niveau supprimé". */
    level: text(),
    isAdmin: boolean().notNull().default(false),
    pinHash: text().notNull(),
    hasPhoto: boolean().notNull().default(false),
    /** Match notifications by e-mail (on unless the player turns them off or unsubscribes). */
    notifyEmail: boolean().notNull().default(true),
    /** Match notifications by SMS: only for players who opted in. */
    notifySms: boolean().notNull().default(false),
    /** Push notices (issue 41): off holds back every device's, whatever each device takes. */
    notifyPush: boolean().notNull().default(true),
    /** The kinds of notice (common/notification-types.ts) the player turned off. */
    mutedTypes: text()
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    /** Quiet hours, local time: notices that can wait are held until `quietTo`; both null: none. */
    quietFrom: time().default('22:00'),
    quietTo: time().default('08:00'),
    /** For the gender rule of « Hommes », « Femmes » and « Mixte » matches only; never shown to others. */
    gender: text({ enum: ['homme', 'femme'] }),
    /** « Apparaître dans les classements » (issue 43): off until the player opts in. */
    leaderboard: boolean().notNull().default(false),
    /** An integrators' service account (API keys act as it): no e-mail, no usable phone, never logs in. */
    isService: boolean().notNull().default(false),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('users_email_lower_key').on(sql`lower(${t.email})`),
    uniqueIndex('users_phone_key').on(t.phone),
    // New sign-ups per week (admin dashboard).
    index('users_created_idx').on(t.createdAt),
    check('users_gender_check', sql`${t.gender} in ('homme', 'femme')`),
    check('users_quiet_hours', sql`(${t.quietFrom} is null) = (${t.quietTo} is null)`),
  ],
);

/** A row that belongs to a user and goes with the account. */
export const userIdColumn = () =>
  integer()
    .notNull()
    .references(() => users.id, { onDelete: 'cascade' });

/** Photos live apart from users so that lists of users or matches never load image bytes. */
export const userPhotos = pgTable('user_photos', {
  userId: integer()
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  mime: text().notNull(),
  data: bytea().notNull(),
  updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
});

export const sessions = pgTable(
  'sessions',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    /** SHA-256 of the bearer token; the token itself is never stored. */
    tokenHash: text().notNull().unique(),
    userId: userIdColumn(),
    deviceId: text(),
    createdAt: createdAt(),
    lastSeenAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp({ withTimezone: true }).notNull(),
  },
  (t) => [index('sessions_user_idx').on(t.userId)],
);

export const trustedDevices = pgTable(
  'trusted_devices',
  {
    userId: userIdColumn(),
    deviceId: text().notNull(),
    trustedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.deviceId] })],
);
