import { badRequest } from '../../lib/errors';

/**
 * A stored secret (SMTP password, Twilio token) is never sent back to the admin's form, which
 * returns a placeholder instead: an empty password, or the masked token. The placeholder keeps the
 * stored secret, so the admin never has to retype it; with nothing stored yet it is refused with
 * `missing`. Returns the secret to keep, or null when the form carries a new one.
 */
export function keptSecret(
  isPlaceholder: boolean,
  stored: string | null | undefined,
  missing: string,
): string | null {
  if (!isPlaceholder) return null;
  if (!stored) throw badRequest(missing);
  return stored;
}
