import type { InputHTMLAttributes, ReactNode, Ref } from 'react';
import { Field } from './Field';

type InputAttributes = Omit<
  InputHTMLAttributes<HTMLInputElement>,
  'value' | 'onChange' | 'checked' | 'type'
>;

export interface InputFieldProps extends InputAttributes {
  label: ReactNode;
  hint?: ReactNode;
  error?: string | null;
  /** The class of the field around the input (the input itself is always `.input`). */
  fieldClassName?: string;
  type?: 'text' | 'email' | 'tel' | 'password' | 'number' | 'search';
  value: string;
  onValueChange: (value: string) => void;
  /** The input itself, e.g. for a form to focus it when it is invalid. */
  inputRef?: Ref<HTMLInputElement>;
}

/** A labelled text input (see Field): the input's own attributes pass through, changes arrive as text. */
export function InputField({
  label,
  hint,
  error,
  fieldClassName,
  onValueChange,
  inputRef,
  ...input
}: InputFieldProps) {
  return (
    <Field label={label} hint={hint} error={error} className={fieldClassName}>
      <input
        className="input"
        {...input}
        ref={inputRef}
        onChange={(e) => onValueChange(e.target.value)}
      />
    </Field>
  );
}

export interface CheckFieldProps extends Omit<
  InputHTMLAttributes<HTMLInputElement>,
  'checked' | 'onChange' | 'type'
> {
  label: ReactNode;
  checked: boolean;
  onCheckedChange: (checked: boolean) => void;
}

/** A checkbox with its label on the right. */
export function CheckField({ label, onCheckedChange, ...input }: CheckFieldProps) {
  return (
    <label className="check">
      <input type="checkbox" {...input} onChange={(e) => onCheckedChange(e.target.checked)} />
      <span>{label}</span>
    </label>
  );
}
