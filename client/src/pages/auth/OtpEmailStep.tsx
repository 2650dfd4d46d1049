import { useState, type FormEvent } from 'react';
import { MSG } from '../../../../common/messages';
import { ZVerifyOtpEmailInput } from '../../../../common/schemas/auth';
import { Button, Notice } from '../../components/ui';
import { errorDetail, errorMessage } from '../../lib/errors';
import { trpc } from '../../lib/trpc';
import { AuthCard } from './AuthCard';
import { useCountdown } from './useCountdown';
import { firstIssue } from '../../../../common/schemas/first-issue';
import { OtpCodeField, ResendCountdown } from './VerificationCode';

export interface OtpEmailStepProps {
  email: string;
  /** When a new code may be asked for (ms since the epoch): kept by the screen across the steps. */
  resendAt: number;
  /** The e-mail is already proven (the player came back from the next step): nothing to type again. */
  verified: boolean;
  /** A word carried from the previous step (a code was already sent). */
  notice?: string | null;
  onResent: (resendAt: number) => void;
  onVerified: () => void;
  onChangeEmail: () => void;
}

const secondsUntil = (at: number) => Math.max(0, Math.ceil((at - Date.now()) / 1000));

/** Step 'otp-email': the 6-digit code sent to the e-mail, with a 5-minute countdown before a resend. */
export function OtpEmailStep({ email, resendAt, verified, notice = null, onResent, onVerified, onChangeEmail }: OtpEmailStepProps) {
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [info, setInfo] = useState<string | null>(notice);
  const { remaining, restart } = useCountdown(secondsUntil(resendAt));
  const verify = trpc.auth.verifyOtpEmail.useMutation();
  const resend = trpc.auth.sendOtpEmail.useMutation();

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (verified) return onVerified();
    setInfo(null);
    const invalid = firstIssue(ZVerifyOtpEmailInput.safeParse({ email, code }));
    setError(invalid?.message ?? null);
    if (invalid) return;
    try {
      const result = await verify.mutateAsync({ email, code });
      if (result.success) onVerified();
      else setError(result.message || MSG.auth.otpWrong);
    } catch (e) {
      setError(errorMessage(e, MSG.auth.otpWrong));
    }
  };

  const onResend = async () => {
    setError(null);
    setInfo(null);
    try {
      const sent = await resend.mutateAsync({ email });
      if (!sent.success) return setError(sent.message || MSG.auth.otpResendFailed);
      restart(sent.resendAfterSeconds);
      onResent(Date.now() + sent.resendAfterSeconds * 1000);
      setCode('');
      setInfo(sent.message || MSG.auth.otpSent);
    } catch (e) {
      // Refused as too early (another tab asked meanwhile): show the server's wait and count it down.
      const wait = errorDetail(e, 'retryAfterSeconds');
      if (wait !== undefined) {
        restart(wait);
        onResent(Date.now() + wait * 1000);
      }
      setError(errorMessage(e, MSG.auth.otpResendFailed));
    }
  };

  return (
    <AuthCard
      title="Vérifiez votre email"
      lead={
        <>
          Saisissez le code à 6 chiffres envoyé à <strong>{email}</strong>.
        </>
      }
    >
      <form className="auth-form" noValidate onSubmit={(e) => void submit(e)}>
        {verified ? (
          <Notice kind="success" message={MSG.auth.emailVerifiedStep} persistent />
        ) : (
          <OtpCodeField value={code} onChange={setCode} error={error} />
        )}
        <Notice kind="info" message={info} onClose={() => setInfo(null)} persistent />
        <Button type="submit" block loading={verify.isPending}>
          {verified ? 'Continuer' : 'Vérifier'}
        </Button>
      </form>
      {!verified && <ResendCountdown remaining={remaining} onResend={() => void onResend()} pending={resend.isPending} />}
      <p className="auth-switch">
        <button type="button" className="link-button" onClick={onChangeEmail}>
          Modifier l'email
        </button>
      </p>
    </AuthCard>
  );
}
