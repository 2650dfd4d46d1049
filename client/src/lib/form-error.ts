import type { FormError } from '../../../common/schemas/first-issue';

/**
 * A state updater for a form's error when `field` changes: a message about that field (or about
 * one of `also`, e.g. the PIN confirmation when the PIN changes) goes, and so does a form-wide
 * one, which may no longer hold. A message about another field stays.
 */
export const clearedOn =
  (field: string, ...also: string[]) =>
  (error: FormError | null): FormError | null =>
    error && (error.field === '' || error.field === field || also.includes(error.field)) ? null : error;
