import { useState, type ReactNode } from 'react';
import { emailRules, resetPinRules } from '../../../../common/auth-rules';
import { OTP_RESEND_SECONDS } from '../../../../common/limits';
import { MSG } from '../../../../common/messages';
import { Notice } from '../../components/ui/Notice';
import type { TUser } from '../../lib/auth';
import { getDeviceId } from '../../lib/device';
import { errorMessage } from '../../lib/errors';
import { useAuthClient, usePendingCall } from '../../lib/auth-client';
import { EmailField } from './EmailField';
import { AuthCard, StepActions } from './AuthCard';
import { PinPairFields } from './PinPairFields';
import { useCountdown } from './useCountdown';
import { firstProblem, useAuthForm } from './auth-form';
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
  const [sentTo, setSentTo] = useState<SentTo | null>(null);
  const [sendCount, setSendCount] = useState(0);
  const ask = useAuthForm({
    defaultValues: { email: initialEmail },
    fields: ['email'],
    check: (values) => firstProblem(values, ['email'], (v) => emailRules(v.email)),
  });
  const email = ask.field('email');
  const client = useAuthClient();
  const request = usePendingCall(client.auth.requestPinReset.mutate);

  /** Sends a code to the account of `address`; a refusal goes to `report`, the alert of the step on screen (null: clear it). */
  const requestCode = async (address: string, report: (message: string | null) => void) => {
    report(null);
    const fail = (message: string) => report(message);
    try {
      const sent = await request.run({ email: address.trim() });
      if (!sent.success) return fail(sent.message || MSG.auth.otpSendFailed);
      setSentTo({ channel: sent.channel, destination: sent.destination });
      setSendCount((n) => n + 1);
    } catch (e) {
      fail(errorMessage(e, sentTo ? MSG.auth.otpResendFailed : MSG.auth.otpSendFailed));
    }
  };

  if (!sentTo)
    return (
      <AuthCard
        title="Réinitialiser le code PIN"
        lead="Pour vérifier que ce compte est bien le vôtre, nous vous envoyons un code de vérification."
      >
        <form
          className="auth-form"
          noValidate
          onSubmit={ask.onSubmit((values) =>
            requestCode(values.email, (message) => message && ask.fail(message)),
          )}
        >
          <EmailField field={email} />
          <Notice kind="error" message={ask.formError} persistent />
          <StepActions onBack={onBack} loading={request.pending}>
            Recevoir un code
          </StepActions>
        </form>
      </AuthCard>
    );

  return (
    <NewPinForm
      email={email.value}
      sentTo={sentTo}
      resend={(report) => (
        <ResendLink
          key={sendCount}
          onResend={() => void requestCode(email.value, report)}
          pending={request.pending}
        />
      )}
      onLoggedIn={onLoggedIn}
      onBack={onBack}
    />
  );
}

interface NewPinFormProps {
  email: string;
  sentTo: SentTo;
  /** The resend link, whose refusals show in this step's alert. */
  resend: (report: (message: string | null) => void) => ReactNode;
  onLoggedIn: (user: TUser) => void;
  onBack: () => void;
}

/** The second half of the PIN reset: the code received and the new PIN. */
function NewPinForm({ email, sentTo, resend, onLoggedIn, onBack }: NewPinFormProps) {
  const form = useAuthForm({
    defaultValues: { email, code: '', newPin: '', confirmPin: '' },
    fields: ['code', 'newPin', 'confirmPin'],
    check: (values) =>
      firstProblem(values, ['email', 'code', 'newPin', 'confirmPin'], resetPinRules),
  });
  const code = form.field('code');
  const newPin = form.field('newPin', 'confirmPin');
  const confirmPin = form.field('confirmPin');
  const client = useAuthClient();
  const reset = usePendingCall(client.auth.resetPin.mutate);

  const submit = async (values: {
    email: string;
    code: string;
    newPin: string;
    confirmPin: string;
  }) => {
    try {
      const session = await reset.run({
        ...values,
        email: values.email.trim(),
        deviceId: getDeviceId(),
      });
      if (session.success && session.user) onLoggedIn(session.user);
      else form.fail(session.message || MSG.auth.resetFailed);
    } catch (e) {
      form.fail(errorMessage(e, MSG.auth.resetFailed));
    }
  };

  const where =
    sentTo.channel === 'sms'
      ? `par SMS au ${sentTo.destination}`
      : `par email à ${sentTo.destination}`;
  return (
    <AuthCard
      title="Réinitialiser le code PIN"
      lead={`Un code de vérification vous a été envoyé ${where}.`}
    >
      <form className="auth-form" noValidate onSubmit={form.onSubmit(submit)}>
        <OtpCodeField field={code} />
        <PinPairFields purpose="reset" pin={newPin} confirm={confirmPin} />
        <Notice kind="error" message={form.formError} persistent />
        <StepActions onBack={onBack} loading={reset.pending}>
          Réinitialiser
        </StepActions>
      </form>
      {resend((message) => (message ? form.fail(message) : form.clearErrors()))}
    </AuthCard>
  );
}
