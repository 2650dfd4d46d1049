import { Field } from '../../components/ui';
import { PinInput } from './PinInput';

export interface PinPairFieldsProps {
  /** The new PIN input's name, also the field its errors are reported on; the confirmation is always 'confirmPin'. */
  name: 'pin' | 'newPin';
  labels: { pin: string; confirm: string };
  pin: string;
  confirmPin: string;
  onPinChange: (value: string) => void;
  onConfirmPinChange: (value: string) => void;
  /** The message of the form's first broken rule when it is on that field. */
  fieldError: (field: string) => string | null;
  disabled?: boolean;
}

/** A new 4-digit PIN and its confirmation (registration, PIN reset, PIN change). */
export function PinPairFields({
  name,
  labels,
  pin,
  confirmPin,
  onPinChange,
  onConfirmPinChange,
  fieldError,
  disabled,
}: PinPairFieldsProps) {
  return (
    <>
      <Field label={labels.pin} error={fieldError(name)}>
        <PinInput name={name} autoComplete="new-password" value={pin} onValueChange={onPinChange} disabled={disabled} />
      </Field>
      <Field label={labels.confirm} error={fieldError('confirmPin')}>
        <PinInput name="confirmPin" autoComplete="new-password" value={confirmPin} onValueChange={onConfirmPinChange} disabled={disabled} />
      </Field>
    </>
  );
}
