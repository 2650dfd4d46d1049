import type { InputHTMLAttributes, Ref } from 'react';
import { PIN_LENGTH } from '../../../../common/limits';
import { filterDigits } from '../../../../common/pin';
import { Field } from '../../components/ui/Field';
import type { FormField } from '../../lib/zod-form';

export interface PinInputProps extends Omit<
  InputHTMLAttributes<HTMLInputElement>,
  'onChange' | 'value'
> {
  value: string;
  onValueChange: (value: string) => void;
  inputRef?: Ref<HTMLInputElement>;
}

/** A 4-digit PIN field: digits only, at most four, masked, numeric keypad on phones. */
export function PinInput({ value, onValueChange, className, inputRef, ...rest }: PinInputProps) {
  return (
    <input
      {...rest}
      ref={inputRef}
      className={['input input-pin', className ?? ''].filter(Boolean).join(' ')}
      type="password"
      inputMode="numeric"
      value={value}
      onChange={(e) => onValueChange(filterDigits(e.target.value, PIN_LENGTH))}
    />
  );
}

export interface PinFieldProps {
  label: string;
  field: FormField<string>;
  name: string;
  /** 'current-password' to log in or confirm, 'new-password' for a PIN being chosen. */
  autoComplete: 'current-password' | 'new-password';
  disabled?: boolean;
  /** A message of the form's own to show here instead (the delete dialog's server refusal). */
  error?: string | null;
}

/** A labelled PIN field bound to a `useZodForm` field: its message below it, focused when invalid. */
export function PinField({ label, field, error, ...input }: PinFieldProps) {
  return (
    <Field label={label} error={error ?? field.error}>
      <PinInput
        {...input}
        value={field.value}
        onValueChange={field.onValueChange}
        inputRef={field.ref}
      />
    </Field>
  );
}
