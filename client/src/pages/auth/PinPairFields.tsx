import { useState, type Dispatch, type SetStateAction } from 'react';
import type { FormError } from '../../../../common/schemas/first-issue';
import { clearedOn } from '../../lib/form-error';
import { Field } from '../../components/ui';
import { PinInput } from './PinInput';

/** The state of a new PIN and its confirmation. */
export function usePinPair() {
  const [pin, setPin] = useState('');
  const [confirmPin, setConfirmPin] = useState('');
  return { pin, confirmPin, setPin, setConfirmPin };
}
export type PinPair = ReturnType<typeof usePinPair>;

/**
 * Per form: the new PIN input's name, also the field its errors are reported on (the confirmation
 * is always 'confirmPin'), and the two labels.
 */
const PURPOSES = {
  register: { name: 'pin', pin: 'Code PIN (4 chiffres)', confirm: 'Confirmer le code PIN' },
  reset: { name: 'newPin', pin: 'Nouveau code PIN (4 chiffres)', confirm: 'Confirmer le nouveau code PIN' },
  change: { name: 'newPin', pin: 'Nouveau PIN', confirm: 'Confirmer le nouveau PIN' },
} as const;

export interface PinPairFieldsProps {
  purpose: keyof typeof PURPOSES;
  pair: PinPair;
  /** The message of the form's first broken rule when it is on that field. */
  fieldError: (field: string) => string | null;
  /** The form's error state: typing in a field clears the messages it made stale. */
  setError: Dispatch<SetStateAction<FormError | null>>;
  disabled?: boolean;
}

/** A new 4-digit PIN and its confirmation (registration, PIN reset, PIN change). */
export function PinPairFields({ purpose, pair, fieldError, setError, disabled }: PinPairFieldsProps) {
  const { name, ...labels } = PURPOSES[purpose];
  return (
    <>
      <Field label={labels.pin} error={fieldError(name)}>
        <PinInput
          name={name}
          autoComplete="new-password"
          value={pair.pin}
          onValueChange={(v) => {
            pair.setPin(v);
            setError(clearedOn(name, 'confirmPin'));
          }}
          disabled={disabled}
        />
      </Field>
      <Field label={labels.confirm} error={fieldError('confirmPin')}>
        <PinInput
          name="confirmPin"
          autoComplete="new-password"
          value={pair.confirmPin}
          onValueChange={(v) => {
            pair.setConfirmPin(v);
            setError(clearedOn('confirmPin'));
          }}
          disabled={disabled}
        />
      </Field>
    </>
  );
}
