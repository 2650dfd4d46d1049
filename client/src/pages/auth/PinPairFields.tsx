import type { FormField } from '../../lib/zod-form';
import { PinField } from './PinInput';

/** Per form: the new PIN input's name (the confirmation is always 'confirmPin') and the two labels. */
const PURPOSES = {
  register: { name: 'pin', pin: 'Code PIN (4 chiffres)', confirm: 'Confirmer le code PIN' },
  reset: {
    name: 'newPin',
    pin: 'Nouveau code PIN (4 chiffres)',
    confirm: 'Confirmer le nouveau code PIN',
  },
  change: { name: 'newPin', pin: 'Nouveau PIN', confirm: 'Confirmer le nouveau PIN' },
} as const;

export interface PinPairFieldsProps {
  purpose: keyof typeof PURPOSES;
  /** The new PIN (bound so that its change also drops the confirmation's message) and its confirmation. */
  pin: FormField<string>;
  confirm: FormField<string>;
  disabled?: boolean;
}

/** A new 4-digit PIN and its confirmation (registration, PIN reset, PIN change). */
export function PinPairFields({ purpose, pin, confirm, disabled }: PinPairFieldsProps) {
  const { name, ...labels } = PURPOSES[purpose];
  return (
    <>
      <PinField
        label={labels.pin}
        field={pin}
        name={name}
        autoComplete="new-password"
        disabled={disabled}
      />
      <PinField
        label={labels.confirm}
        field={confirm}
        name="confirmPin"
        autoComplete="new-password"
        disabled={disabled}
      />
    </>
  );
}
