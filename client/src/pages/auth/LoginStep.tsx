import { useState } from 'react';
import { loginByEmailRules } from '../../../../common/auth-rules';
import { MSG } from '../../../../common/messages';
import { Button } from '../../components/ui/Button';
import { Notice } from '../../components/ui/Notice';
import type { TUser } from '../../lib/auth';
import { getDeviceId } from '../../lib/device';
import { pinErrorMessage } from '../../lib/errors';
import { useAuthClient, usePendingCall } from '../../lib/auth-client';
import { EmailField } from './EmailField';
import { AuthCard } from './AuthCard';
import { PinField } from './PinInput';
import { firstProblem, useAuthForm } from './auth-form';

export interface LoginStepProps {
  initialEmail: string;
  /** A message carried from the previous step (e.g. account created but not logged in). */
  notice?: { kind: 'success' | 'error' | 'info'; message: string } | null;
  onLoggedIn: (user: TUser) => void;
  onChangeEmail: () => void;
  onCreateAccount: () => void;
  onForgotPin: (email: string) => void;
}

/** Step 'login': e-mail and PIN, sent with this browser's device id. */
export function LoginStep({
  initialEmail,
  notice,
  onLoggedIn,
  onChangeEmail,
  onCreateAccount,
  onForgotPin,
}: LoginStepProps) {
  const form = useAuthForm({
    defaultValues: { email: initialEmail, pin: '' },
    fields: ['email', 'pin'],
    check: (values) => firstProblem(values, ['email', 'pin'], loginByEmailRules),
  });
  const email = form.field('email', 'pin');
  const pin = form.field('pin', 'email');
  const [carried, setCarried] = useState(notice ?? null);
  const client = useAuthClient();
  const login = usePendingCall(client.auth.loginByEmail.mutate);

  const submit = async (values: { email: string; pin: string }) => {
    try {
      const session = await login.run({
        ...values,
        email: values.email.trim(),
        deviceId: getDeviceId(),
      });
      if (session.success && session.user) onLoggedIn(session.user);
      else form.fail(session.message || MSG.auth.wrongPin);
    } catch (e) {
      form.fail(pinErrorMessage(e, MSG.auth.wrongPin));
    }
  };

  return (
    <AuthCard title="Connexion" lead="Connectez-vous avec votre email et votre code PIN.">
      {carried && <Notice kind={carried.kind} message={carried.message} persistent />}
      <form
        className="auth-form"
        noValidate
        onSubmit={(e) => {
          setCarried(null);
          form.onSubmit(submit)(e);
        }}
      >
        <EmailField field={email} />
        <PinField label="Code PIN" field={pin} name="pin" autoComplete="current-password" />
        <Notice kind="error" message={form.formError} persistent />
        <Button type="submit" block loading={login.pending}>
          Se connecter
        </Button>
      </form>
      <div className="auth-links">
        <button type="button" className="link-button" onClick={onChangeEmail}>
          Modifier l'email
        </button>
        <button
          type="button"
          className="link-button"
          onClick={() => onForgotPin(email.value.trim())}
        >
          Code PIN oublié ?
        </button>
      </div>
      <p className="auth-switch">
        Pas encore de compte ?{' '}
        <button type="button" className="link-button" onClick={onCreateAccount}>
          Créer un compte
        </button>
      </p>
    </AuthCard>
  );
}
