import { sql } from 'drizzle-orm';
import { boolean, check, integer, pgTable, text } from 'drizzle-orm/pg-core';
import { timestamps } from './_columns';

export const places = pgTable('places', {
  id: integer().primaryKey().generatedAlwaysAsIdentity(),
  name: text().notNull(),
  address: text().notNull(),
  city: text().notNull(),
  isActive: boolean().notNull().default(true),
  /** Where players book a court here (the club's page, Playtomic, Anybuddy): clubs' booking is closed to apps. */
  bookingUrl: text(),
  /** Indoor courts (null: not said), shown to players choosing a place. */
  indoor: boolean(),
  ...timestamps,
});

export const levels = pgTable(
  'levels',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    /** Identifier used in profiles and matches, e.g. "Niveau 1". */
    niveau: text().notNull().unique(),
    label: text().notNull(),
    description: text().notNull().default(''),
    couleur: text().notNull().default('#4CAF50'),
    ordre: integer().notNull(),
    ...timestamps,
  },
  (t) => [
    check('levels_ordre_range', sql`${t.ordre} between 1 and 20`),
    check('levels_couleur_hex', sql`${t.couleur} ~ '^#[0-9A-Fa-f]{6}$'`),
  ],
);
