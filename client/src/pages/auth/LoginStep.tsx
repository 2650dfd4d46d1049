import { useState } from 'react';
import { MSG } from '../../../../common/messages';
import { ZLoginByEmailInput } from '../../../../common/schemas/auth';
import { Button, Notice } from '../../components/ui';
import type { TUser } from '../../lib/auth';
import { getDeviceId } from '../../lib/device';
import { pinErrorMessage } from '../../lib/errors';
import { trpc } from '../../lib/trpc';
import { EmailField } from './EmailField';
import { AuthCard } from './AuthCard';
import { PinField } from './PinInput';
import { useFormField, useZodForm } from '../../lib/zod-form';

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
  const form = useZodForm(ZLoginByEmailInput, {
    defaultValues: { email: initialEmail, pin: '' },
    fields: ['email', 'pin'],
  });
  const email = useFormField(form, 'email', 'pin');
  const pin = useFormField(form, 'pin', 'email');
  const [carried, setCarried] = useState(notice ?? null);
  const login = trpc.auth.loginByEmail.useMutation();

  const submit = async (values: { email: string; pin: string }) => {
    try {
      const session = await login.mutateAsync({
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
        <Button type="submit" block loading={login.isPending}>
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
