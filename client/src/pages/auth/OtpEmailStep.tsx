import { useState } from 'react';
import { verifyOtpEmailRules } from '../../../../common/auth-rules';
import { MSG } from '../../../../common/messages';
import { Button } from '../../components/ui/Button';
import { Notice } from '../../components/ui/Notice';
import { errorDetail, errorMessage } from '../../lib/errors';
import { useAuthClient, usePendingCall } from '../../lib/auth-client';
import { AuthCard } from './AuthCard';
import { useCountdown } from './useCountdown';
import { firstProblem, useAuthForm } from './auth-form';
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
export function OtpEmailStep({
  email,
  resendAt,
  verified,
  notice = null,
  onResent,
  onVerified,
  onChangeEmail,
}: OtpEmailStepProps) {
  const form = useAuthForm({
    defaultValues: { email, code: '' },
    fields: ['code'],
    check: (values) => firstProblem(values, ['email', 'code'], verifyOtpEmailRules),
  });
  const code = form.field('code');
  const [info, setInfo] = useState<string | null>(notice);
  const { remaining, restart } = useCountdown(secondsUntil(resendAt));
  const client = useAuthClient();
  const verify = usePendingCall(client.auth.verifyOtpEmail.mutate);
  const resend = usePendingCall(client.auth.sendOtpEmail.mutate);

  const submit = async (values: { email: string; code: string }) => {
    try {
      const result = await verify.run(values);
      if (result.success) onVerified();
      else form.fail(result.message || MSG.auth.otpWrong);
    } catch (e) {
      form.fail(errorMessage(e, MSG.auth.otpWrong));
    }
  };

  const onResend = async () => {
    form.clearErrors();
    setInfo(null);
    try {
      const sent = await resend.run({ email });
      if (!sent.success) return form.fail(sent.message || MSG.auth.otpResendFailed);
      restart(sent.resendAfterSeconds);
      onResent(Date.now() + sent.resendAfterSeconds * 1000);
      form.setValue('code', '');
      setInfo(sent.message || MSG.auth.otpSent);
    } catch (e) {
      // Refused as too early (another tab asked meanwhile): show the server's wait and count it down.
      const wait = errorDetail(e, 'retryAfterSeconds');
      if (wait !== undefined) {
        restart(wait);
        onResent(Date.now() + wait * 1000);
      }
      form.fail(errorMessage(e, MSG.auth.otpResendFailed));
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
      <form
        className="auth-form"
        noValidate
        onSubmit={(e) => {
          if (verified) {
            e.preventDefault();
            return onVerified();
          }
          setInfo(null);
          form.onSubmit(submit)(e);
        }}
      >
        {verified ? (
          <Notice kind="success" message={MSG.auth.emailVerifiedStep} persistent />
        ) : (
          // Every message of this step is about the code, the one thing to type here.
          <OtpCodeField field={{ ...code, error: code.error ?? form.formError }} />
        )}
        <Notice kind="info" message={info} onClose={() => setInfo(null)} persistent />
        <Button type="submit" block loading={verify.pending}>
          {verified ? 'Continuer' : 'Vérifier'}
        </Button>
      </form>
      {!verified && (
        <ResendCountdown
          remaining={remaining}
          onResend={() => void onResend()}
          pending={resend.pending}
        />
      )}
      <p className="auth-switch">
        <button type="button" className="link-button" onClick={onChangeEmail}>
          Modifier l'email
        </button>
      </p>
    </AuthCard>
  );
}
