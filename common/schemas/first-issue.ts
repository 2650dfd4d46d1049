import type { z } from 'zod';
import { MSG } from '../messages';

/** The first broken rule of a form: the field to mark and the French message (spec section 5). */
export interface FormError {
  field: string;
  message: string;
}

/** The first issue of a parse with a shared schema (the one the server checks with), or null. */
export function firstIssue(result: z.ZodSafeParseResult<unknown>): FormError | null {
  if (result.success) return null;
  const issue = result.error.issues[0];
  return { field: String(issue?.path[0] ?? ''), message: issue?.message ?? MSG.http.badRequest };
}
