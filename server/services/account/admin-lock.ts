import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../../db/client';

/** Serialises changes to admin flags and deletions, so two admins can never remove each other at once. */
const ADMIN_CHANGES_LOCK = 727005;

/** Taken first in the transaction (before any row lock, so two such changes never deadlock). */
export const lockAdminChanges = (tx: DbOrTx) =>
  tx.execute(sql`select pg_advisory_xact_lock(${ADMIN_CHANGES_LOCK})`);
