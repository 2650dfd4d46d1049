import { useState } from 'react';
import type { FormErrorState } from '../../lib/form-error';
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
  /** The form's error: shown under the field it is about, cleared when that field changes. */
  form: Pick<FormErrorState, 'fieldError' | 'edited'>;
  disabled?: boolean;
}

/** A new 4-digit PIN and its confirmation (registration, PIN reset, PIN change). */
export function PinPairFields({ purpose, pair, form, disabled }: PinPairFieldsProps) {
  const { name, ...labels } = PURPOSES[purpose];
  return (
    <>
      <Field label={labels.pin} error={form.fieldError(name)}>
        <PinInput
          name={name}
          autoComplete="new-password"
          value={pair.pin}
          onValueChange={form.edited(pair.setPin, name, 'confirmPin')}
          disabled={disabled}
        />
      </Field>
      <Field label={labels.confirm} error={form.fieldError('confirmPin')}>
        <PinInput
          name="confirmPin"
          autoComplete="new-password"
          value={pair.confirmPin}
          onValueChange={form.edited(pair.setConfirmPin, 'confirmPin')}
          disabled={disabled}
        />
      </Field>
    </>
  );
}
