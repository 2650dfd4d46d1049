import type { FormEvent } from 'react';
import { zodResolver } from '@hookform/resolvers/zod';
import {
  useController,
  useForm,
  type DefaultValues,
  type FieldErrors,
  type FieldPath,
  type FieldPathValue,
  type FieldValues,
  type RefCallBack,
  type UseFormReturn,
} from 'react-hook-form';
import type { z } from 'zod';

/** Where a form's messages go: the field it shows them under, or '' for the form-level alert. */
export interface FormMessage {
  field: string;
  message: string;
}

export interface ZodFormOptions<TValues extends FieldValues> {
  defaultValues: DefaultValues<TValues>;
  /**
   * 'first': one message at a time, the shared schema's first broken rule (the schemas report
   * their rules in the order of spec section 5); 'each': every field shows its own message.
   */
  show?: 'first' | 'each';
  /**
   * With 'first', the fields that show their message under themselves; a message about any other
   * value the schema checks (a device id, a step's carried phone) is the form's alert.
   */
  fields?: readonly FieldPath<TValues>[];
}

/** The first message the resolver (in the schema's order) or the server left. */
function firstMessage(errors: FieldErrors): FormMessage | null {
  for (const [field, error] of Object.entries(errors)) {
    if (field !== 'root' && typeof error?.message === 'string')
      return { field, message: error.message };
  }
  const server = errors.root?.server?.message;
  return server ? { field: '', message: server } : null;
}

/**
 * Every form's model: react-hook-form checked by a `common/` schema through `zodResolver`, so the
 * French messages are the schema's own and the server parses the same rules again. Submitting
 * focuses the first invalid field. A message stays until the player edits what it is about (or
 * the form-level one, which may no longer hold), and the form is checked again only on submit:
 * no message appears while typing.
 */
export function useZodForm<TValues extends FieldValues>(
  schema: z.ZodType<unknown, TValues>,
  { defaultValues, show = 'first', fields = [] }: ZodFormOptions<TValues>,
) {
  const form: UseFormReturn<TValues, unknown, TValues> = useForm({
    // raw: the form sends what the player typed, as before; the server normalises it again.
    resolver: zodResolver(schema, undefined, { raw: true }),
    defaultValues,
    reValidateMode: 'onSubmit',
  });
  const { errors } = form.formState;
  const first = firstMessage(errors);
  const shownAt = (field: string) => fields.some((shown) => shown === field);

  const errorFor = (field: FieldPath<TValues>): string | null => {
    if (show === 'each') return firstMessage({ [field]: errors[field] })?.message ?? null;
    return first?.field === field ? first.message : null;
  };
  const formError =
    show === 'each'
      ? (errors.root?.server?.message ?? null)
      : first && (first.field === '' || !shownAt(first.field))
        ? first.message
        : null;

  /** `field` changed (and with it `also`, e.g. the PIN its confirmation must match): drop the messages this made stale. */
  const edited = (field: FieldPath<TValues>, also: readonly FieldPath<TValues>[] = []) => {
    if (show === 'each') {
      form.clearErrors([field, ...also]);
      return form.clearErrors('root');
    }
    if (first && (first.field === field || also.some((f) => f === first.field) || formError))
      form.clearErrors();
  };

  /** A refusal from the server: under `field` when it is about one, else the form-level alert. */
  const fail = (message: string, field?: FieldPath<TValues>) =>
    form.setError(field ?? 'root.server', { type: 'server', message });

  /** The form's onSubmit: checks, focuses the first invalid field or calls `onValid` with the values as typed. */
  const onSubmit = (onValid: (values: TValues) => void | Promise<void>) => (event: FormEvent) =>
    void form.handleSubmit((values) => onValid(values))(event);

  return { ...form, errorFor, formError, edited, fail, onSubmit };
}
export type ZodForm<TValues extends FieldValues> = ReturnType<typeof useZodForm<TValues>>;

/** A bound field as the app's inputs take it (see useFormField). */
export interface FormField<T> {
  value: T;
  error: string | null;
  onValueChange: (value: T) => void;
  ref: RefCallBack;
}

/**
 * One field of a `useZodForm` form, shaped for the app's controlled inputs: its value, a setter
 * that also drops stale messages, its message, and the ref the submit focuses when it is invalid.
 */
export function useFormField<TValues extends FieldValues, TName extends FieldPath<TValues>>(
  form: ZodForm<TValues>,
  name: TName,
  ...also: FieldPath<TValues>[]
): FormField<FieldPathValue<TValues, TName>> {
  const { field } = useController({ control: form.control, name });
  return {
    value: field.value,
    ref: field.ref,
    error: form.errorFor(name),
    onValueChange: (value: FieldPathValue<TValues, TName>) => {
      field.onChange(value);
      form.edited(name, also);
    },
  };
}
