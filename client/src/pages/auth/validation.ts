import type { z } from 'zod';
import { MSG } from '../../../../common/messages';
import { normalizePhone } from '../../../../common/phone';
import { ZEmailInput } from '../../../../common/schemas/auth';

/** The first broken rule of a form: the field to mark and the French message (spec section 5). */
export interface FormError {
  field: string;
  message: string;
}

/** Runs a shared zod schema (the one the server uses) and keeps its first issue. */
export function firstIssue(schema: z.ZodType, value: unknown): FormError | null {
  const result = schema.safeParse(value);
  if (result.success) return null;
  const issue = result.error.issues[0];
  return { field: String(issue?.path[0] ?? ''), message: issue?.message ?? MSG.http.badRequest };
}

export interface RegisterStartValues {
  name: string;
  email: string;
  phone: string;
  country: string;
}

/**
 * Registration start, in the order of spec section 5: name, e-mail and phone required, then the
 * phone rules (10 digits, format, country), then the e-mail format.
 */
export function validateRegisterStart(v: RegisterStartValues): FormError | null {
  if (!v.name.trim()) return { field: 'name', message: MSG.auth.nameRequired };
  if (!v.email.trim()) return { field: 'email', message: MSG.auth.emailRequired };
  const phone = normalizePhone(v.phone, v.country);
  if (!phone.ok) return { field: 'phone', message: phone.message };
  return firstIssue(ZEmailInput, { email: v.email });
}
