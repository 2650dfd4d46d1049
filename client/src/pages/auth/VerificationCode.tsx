import { OTP_LENGTH } from '../../../../common/limits';
import { filterDigits } from '../../../../common/pin';
import { Field } from '../../components/ui/Field';
import type { FormField } from '../../lib/zod-form';
import { formatCountdown } from '../../../../common/messages';

/** The 6-digit code received by e-mail or SMS: digits only, numeric keypad, filled by the phone when it can. */
/** Focused when it appears: the code is the one thing to type on its step. */
export function OtpCodeField({ field }: { field: FormField<string> }) {
  const { ref, value, error, onValueChange } = field;
  return (
    <Field label="Code de vérification" error={error}>
      <input
        ref={ref}
        autoFocus
        className="input input-code"
        name="code"
        autoComplete="one-time-code"
        inputMode="numeric"
        value={value}
        onChange={(e) => onValueChange(filterDigits(e.target.value, OTP_LENGTH))}
      />
    </Field>
  );
}

interface ResendCountdownProps {
  /** Seconds before a new code may be asked for. */
  remaining: number;
  onResend: () => void;
  pending: boolean;
}

/** 'Renvoyer le code dans m:ss', then the 'Renvoyer le code' button once the time is up. */
export function ResendCountdown({ remaining, onResend, pending }: ResendCountdownProps) {
  return (
    <p className="countdown">
      {remaining > 0 ? (
        <>
          Renvoyer le code dans <span className="countdown-time">{formatCountdown(remaining)}</span>
        </>
      ) : (
        <button type="button" className="link-button" onClick={onResend} disabled={pending}>
          Renvoyer le code
        </button>
      )}
    </p>
  );
}
