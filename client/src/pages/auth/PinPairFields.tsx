import { useState } from 'react';
import { Field } from '../../components/ui';
import { PinInput } from './PinInput';

/** The state of a new PIN and its confirmation. */
export function usePinPair() {
  const [pin, setPin] = useState('');
  const [confirmPin, setConfirmPin] = useState('');
  return { pin, confirmPin, setPin, setConfirmPin };
}
export type PinPair = ReturnType<typeof usePinPair>;

export interface PinPairFieldsProps {
  /** The new PIN input's name, also the field its errors are reported on; the confirmation is always 'confirmPin'. */
  name: 'pin' | 'newPin';
  labels: { pin: string; confirm: string };
  pair: PinPair;
  /** The message of the form's first broken rule when it is on that field. */
  fieldError: (field: string) => string | null;
  disabled?: boolean;
}

/** A new 4-digit PIN and its confirmation (registration, PIN reset, PIN change). */
export function PinPairFields({ name, labels, pair, fieldError, disabled }: PinPairFieldsProps) {
  return (
    <>
      <Field label={labels.pin} error={fieldError(name)}>
        <PinInput name={name} autoComplete="new-password" value={pair.pin} onValueChange={pair.setPin} disabled={disabled} />
      </Field>
      <Field label={labels.confirm} error={fieldError('confirmPin')}>
        <PinInput
          name="confirmPin"
          autoComplete="new-password"
          value={pair.confirmPin}
          onValueChange={pair.setConfirmPin}
          disabled={disabled}
        />
      </Field>
    </>
  );
}
