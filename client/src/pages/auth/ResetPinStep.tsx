import { useState, type FormEvent } from 'react';
import { OTP_RESEND_SECONDS } from '../../../../common/limits';
import { MSG } from '../../../../common/messages';
import { ZRequestPinResetInput, ZResetPinInput } from '../../../../common/schemas/auth';
import { Notice } from '../../components/ui';
import type { TUser } from '../../lib/auth';
import { getDeviceId } from '../../lib/device';
import { errorMessage } from '../../lib/errors';
import { trpc } from '../../lib/trpc';
import { EmailField } from './EmailField';
import { AuthCard, StepActions } from './AuthCard';
import { PinPairFields, usePinPair } from './PinPairFields';
import { useCountdown } from './useCountdown';
import { firstIssue } from '../../../../common/schemas/first-issue';
import { useFormError } from '../../lib/form-error';
import { OtpCodeField, ResendCountdown } from './VerificationCode';

export interface ResetPinStepProps {
  initialEmail: string;
  onLoggedIn: (user: TUser) => void;
  onBack: () => void;
}

interface SentTo {
  channel: 'sms' | 'email';
  destination: string;
}

/** The resend countdown restarts with each code sent: the parent remounts it (key). */
function ResendLink({ onResend, pending }: { onResend: () => void; pending: boolean }) {
  const { remaining } = useCountdown(OTP_RESEND_SECONDS);
  return <ResendCountdown remaining={remaining} onResend={onResend} pending={pending} />;
}

/**
 * Step 'reset-pin': the player first proves the account is theirs with a code sent by SMS (when
 * SMS is live) or by e-mail, then chooses a new PIN; success logs them in.
 */
export function ResetPinStep({ initialEmail, onLoggedIn, onBack }: ResetPinStepProps) {
  const [email, setEmail] = useState(initialEmail);
  const [sentTo, setSentTo] = useState<SentTo | null>(null);
  const [sendCount, setSendCount] = useState(0);
  const [code, setCode] = useState('');
  const pins = usePinPair();
  const { error, setError, fieldError, edited } = useFormError();
  const request = trpc.auth.requestPinReset.useMutation();
  const reset = trpc.auth.resetPin.useMutation();

  const requestCode = async (event?: FormEvent) => {
    event?.preventDefault();
    const invalid = firstIssue(ZRequestPinResetInput.safeParse({ email }));
    setError(invalid);
    if (invalid) return;
    try {
      const sent = await request.mutateAsync({ email: email.trim() });
      if (!sent.success) return setError({ field: '', message: sent.message || MSG.auth.otpSendFailed });
      setSentTo({ channel: sent.channel, destination: sent.destination });
      setSendCount((n) => n + 1);
    } catch (e) {
      setError({ field: '', message: errorMessage(e, sentTo ? MSG.auth.otpResendFailed : MSG.auth.otpSendFailed) });
    }
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const input = { email, code, newPin: pins.pin, confirmPin: pins.confirmPin, deviceId: getDeviceId() };
    const invalid = firstIssue(ZResetPinInput.safeParse(input));
    setError(invalid);
    if (invalid) return;
    try {
      const session = await reset.mutateAsync({ ...input, email: email.trim() });
      if (session.success && session.user) onLoggedIn(session.user);
      else setError({ field: '', message: session.message || MSG.auth.resetFailed });
    } catch (e) {
      setError({ field: '', message: errorMessage(e, MSG.auth.resetFailed) });
    }
  };

  const shown = sentTo ? ['code', 'newPin', 'confirmPin'] : ['email'];
  const formError = error && !shown.includes(error.field) ? error.message : null;

  if (!sentTo)
    return (
      <AuthCard
        title="Réinitialiser le code PIN"
        lead="Pour vérifier que ce compte est bien le vôtre, nous vous envoyons un code de vérification."
      >
        <form className="auth-form" noValidate onSubmit={(e) => void requestCode(e)}>
          <EmailField value={email} onValueChange={edited(setEmail, 'email')} error={fieldError('email')} />
          <Notice kind="error" message={formError} persistent />
          <StepActions onBack={onBack} loading={request.isPending}>
            Recevoir un code
          </StepActions>
        </form>
      </AuthCard>
    );

  const where = sentTo.channel === 'sms' ? `par SMS au ${sentTo.destination}` : `par email à ${sentTo.destination}`;
  return (
    <AuthCard title="Réinitialiser le code PIN" lead={`Un code de vérification vous a été envoyé ${where}.`}>
      <form className="auth-form" noValidate onSubmit={(e) => void submit(e)}>
        <OtpCodeField value={code} onChange={edited(setCode, 'code')} error={fieldError('code')} />
        <PinPairFields purpose="reset" pair={pins} form={{ fieldError, edited }} />
        <Notice kind="error" message={formError} persistent />
        <StepActions onBack={onBack} loading={reset.isPending}>
          Réinitialiser
        </StepActions>
      </form>
      <ResendLink key={sendCount} onResend={() => void requestCode()} pending={request.isPending} />
    </AuthCard>
  );
}
