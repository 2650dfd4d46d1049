import { useState } from 'react';
import { MSG } from '../../../../common/messages';
import { ZVerifyOtpEmailInput, type TVerifyOtpEmailInput } from '../../../../common/schemas/auth';
import { Button, Notice } from '../../components/ui';
import { errorDetail, errorMessage } from '../../lib/errors';
import { trpc } from '../../lib/trpc';
import { AuthCard } from './AuthCard';
import { useCountdown } from './useCountdown';
import { useFormField, useZodForm } from '../../lib/zod-form';
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
  const form = useZodForm(ZVerifyOtpEmailInput, {
    defaultValues: { email, code: '' },
    fields: ['code'],
  });
  const code = useFormField(form, 'code');
  const [info, setInfo] = useState<string | null>(notice);
  const { remaining, restart } = useCountdown(secondsUntil(resendAt));
  const verify = trpc.auth.verifyOtpEmail.useMutation();
  const resend = trpc.auth.sendOtpEmail.useMutation();

  const submit = async (values: TVerifyOtpEmailInput) => {
    try {
      const result = await verify.mutateAsync(values);
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
      const sent = await resend.mutateAsync({ email });
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
        <Button type="submit" block loading={verify.isPending}>
          {verified ? 'Continuer' : 'Vérifier'}
        </Button>
      </form>
      {!verified && (
        <ResendCountdown
          remaining={remaining}
          onResend={() => void onResend()}
          pending={resend.isPending}
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
