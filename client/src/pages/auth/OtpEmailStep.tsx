import { useState, type FormEvent } from 'react';
import { MSG } from '../../../../common/messages';
import { ZVerifyOtpEmailInput } from '../../../../common/schemas/auth';
import { Button, Notice } from '../../components/ui';
import { errorMessage } from '../../lib/errors';
import { trpc } from '../../lib/trpc';
import { AuthCard } from './AuthCard';
import { useCountdown } from './useCountdown';
import { firstIssue } from '../../../../common/schemas/first-issue';
import { OtpCodeField, ResendCountdown } from './VerificationCode';

export interface OtpEmailStepProps {
  email: string;
  resendAfterSeconds: number;
  onVerified: () => void;
  onChangeEmail: () => void;
}

/** Step 'otp-email': the 6-digit code sent to the e-mail, with a 5-minute countdown before a resend. */
export function OtpEmailStep({ email, resendAfterSeconds, onVerified, onChangeEmail }: OtpEmailStepProps) {
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [info, setInfo] = useState<string | null>(null);
  const { remaining, restart } = useCountdown(resendAfterSeconds);
  const verify = trpc.auth.verifyOtpEmail.useMutation();
  const resend = trpc.auth.sendOtpEmail.useMutation();

  const submit = async (event: FormEvent) => {
    event.preventDefault();
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
      restart(sent.resendAfterSeconds || resendAfterSeconds);
      setCode('');
      setInfo(sent.message || MSG.auth.otpSent);
    } catch (e) {
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
        <OtpCodeField value={code} onChange={setCode} error={error} />
        <Notice kind="success" message={info} onClose={() => setInfo(null)} />
        <Button type="submit" block loading={verify.isPending}>
          Vérifier
        </Button>
      </form>
      <ResendCountdown remaining={remaining} onResend={() => void onResend()} pending={resend.isPending} />
      <p className="auth-switch">
        <button type="button" className="link-button" onClick={onChangeEmail}>
          Modifier l'email
        </button>
      </p>
    </AuthCard>
  );
}
