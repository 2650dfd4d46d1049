import { eq } from 'drizzle-orm';
import type { DbOrTx } from './client';
import { smsConfig, smtpConfig } from './schema';

/** The single Twilio configuration row, token still encrypted; null before the first save. */
export async function readSmsConfig(db: DbOrTx) {
  const [row] = await db.select().from(smsConfig).where(eq(smsConfig.id, 1)).limit(1);
  return row ?? null;
}

/** The single SMTP configuration row, password still encrypted; null before the first save. */
export async function readSmtpConfig(db: DbOrTx) {
  const [row] = await db.select().from(smtpConfig).where(eq(smtpConfig.id, 1)).limit(1);
  return row ?? null;
}
