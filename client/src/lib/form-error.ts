import { useState } from 'react';
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

/** A form's first broken rule (from `firstIssue` or the server), the field it shows under, and setters that clear it once stale. */
export function useFormError() {
  const [error, setError] = useState<FormError | null>(null);
  const fieldError = (field: string) => (error?.field === field ? error.message : null);
  /** A value setter for `field` that also drops the messages the change made stale (see clearedOn). */
  const edited =
    <T>(set: (value: T) => void, field: string, ...also: string[]) =>
    (value: T) => {
      set(value);
      setError(clearedOn(field, ...also));
    };
  return { error, setError, fieldError, edited };
}
export type FormErrorState = ReturnType<typeof useFormError>;
