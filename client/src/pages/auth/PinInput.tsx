import type { InputHTMLAttributes, Ref } from 'react';
import { PIN_LENGTH } from '../../../../common/limits';
import { filterDigits } from '../../../../common/pin';

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
