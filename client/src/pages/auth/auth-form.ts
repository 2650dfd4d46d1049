import { useRef, useState, type FormEvent } from 'react';
import { firstFailure, type Failure, type Rule } from '../../../../common/auth-rules';
import { cleanOneLine } from '../../../../common/safe-text';
import type { FormField, FormMessage } from '../../lib/zod-form';

/**
 * What the step's schema (common/schemas/auth.ts) reports first, without zod: a text refused as
 * `safeText()` refuses it, in the schema's key order (`texts`), else the first broken rule of
 * common/auth-rules.ts, run on the trimmed texts.
 */
export function firstProblem<T extends Record<keyof T, string>>(
  values: T,
  texts: readonly (keyof T & string)[],
  rules: (clean: T) => Rule[],
): Failure | null {
  const clean: T = { ...values };
  for (const key of texts) {
    const text = cleanOneLine(values[key]);
    if ('error' in text) return [key, text.error];
    clean[key] = text.value as T[typeof key];
  }
  return firstFailure(rules(clean));
}

export interface AuthFormOptions<T extends Record<keyof T, string>> {
  defaultValues: T;
  /** The fields that show their message under themselves; any other message is the form's alert. */
  fields: readonly (keyof T & string)[];
  /** The form's check: its first problem, or null (see firstProblem). */
  check: (values: T) => Failure | null;
}

/**
 * The logged-out steps' forms, light enough for the first screen (no zod, no form library), and
 * behaving as `useZodForm` with `show: 'first'` does: one message at a time, checked only on
 * submit, which focuses the field in question; a message stays until the player edits what it is
 * about (or the form-level one, which may no longer hold).
 */
export function useAuthForm<T extends Record<keyof T, string>>({
  defaultValues,
  fields,
  check,
}: AuthFormOptions<T>) {
  const [values, setValues] = useState<T>(defaultValues);
  const [message, setMessage] = useState<FormMessage | null>(null);
  const elements = useRef(new Map<string, HTMLElement | null>());
  const refs = useRef(new Map<string, (element: HTMLElement | null) => void>());

  const shownAt = (field: string) => fields.some((shown) => shown === field);
  const formError =
    message && (message.field === '' || !shownAt(message.field)) ? message.message : null;
  const errorFor = (field: keyof T & string) => (message?.field === field ? message.message : null);

  const clearErrors = () => setMessage(null);
  const setValue = <K extends keyof T & string>(name: K, value: T[K]) =>
    setValues((current) => ({ ...current, [name]: value }));

  /** `field` changed (and with it `also`): drop the message this made stale. */
  const edited = (field: string, also: readonly string[]) => {
    if (message && (message.field === field || also.includes(message.field) || formError))
      clearErrors();
  };

  /** A refusal from the server: under `field` when it is about one, else the form-level alert. */
  const fail = (text: string, field?: keyof T & string) =>
    setMessage({ field: field ?? '', message: text });

  /** The form's onSubmit: checks, focuses the field in question or calls `onValid` with the values as typed. */
  const onSubmit = (onValid: (values: T) => void | Promise<void>) => (event: FormEvent) => {
    event.preventDefault();
    const problem = check(values);
    if (problem) {
      setMessage({ field: problem[0], message: problem[1] });
      elements.current.get(problem[0])?.focus();
      return;
    }
    setMessage(null);
    void onValid(values);
  };

  /** One field, shaped for the app's controlled inputs (as `useFormField` gives it). */
  const field = <K extends keyof T & string>(name: K, ...also: (keyof T & string)[]) => {
    let ref = refs.current.get(name);
    if (!ref) {
      ref = (element: HTMLElement | null) => void elements.current.set(name, element);
      refs.current.set(name, ref);
    }
    const bound: FormField<T[K]> = {
      value: values[name],
      error: errorFor(name),
      ref,
      onValueChange: (value: T[K]) => {
        setValue(name, value);
        edited(name, also);
      },
    };
    return bound;
  };

  return { values, field, errorFor, formError, fail, clearErrors, setValue, onSubmit };
}
