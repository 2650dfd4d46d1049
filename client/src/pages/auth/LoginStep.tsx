import { useState, type FormEvent } from 'react';
import { MSG } from '../../../../common/messages';
import { ZLoginByEmailInput } from '../../../../common/schemas/auth';
import { Button, Field, Notice } from '../../components/ui';
import type { TUser } from '../../lib/auth';
import { getDeviceId } from '../../lib/device';
import { pinErrorMessage } from '../../lib/errors';
import { trpc } from '../../lib/trpc';
import { EmailField } from './EmailField';
import { AuthCard } from './AuthCard';
import { PinInput } from './PinInput';
import { firstIssue } from '../../../../common/schemas/first-issue';
import { useFormError } from '../../lib/form-error';

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
export function LoginStep({ initialEmail, notice, onLoggedIn, onChangeEmail, onCreateAccount, onForgotPin }: LoginStepProps) {
  const [email, setEmail] = useState(initialEmail);
  const [pin, setPin] = useState('');
  const { error, setError, fieldError, edited } = useFormError();
  const [carried, setCarried] = useState(notice ?? null);
  const login = trpc.auth.loginByEmail.useMutation();

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setCarried(null);
    const input = { email, pin, deviceId: getDeviceId() };
    const invalid = firstIssue(ZLoginByEmailInput.safeParse(input));
    setError(invalid);
    if (invalid) return;
    try {
      const session = await login.mutateAsync({ ...input, email: email.trim() });
      if (session.success && session.user) onLoggedIn(session.user);
      else setError({ field: '', message: session.message || MSG.auth.wrongPin });
    } catch (e) {
      setError({ field: '', message: pinErrorMessage(e, MSG.auth.wrongPin) });
    }
  };

  const formError = error && error.field !== 'email' && error.field !== 'pin' ? error.message : null;
  return (
    <AuthCard title="Connexion" lead="Connectez-vous avec votre email et votre code PIN.">
      {carried && <Notice kind={carried.kind} message={carried.message} persistent />}
      <form className="auth-form" noValidate onSubmit={(e) => void submit(e)}>
        <EmailField value={email} onValueChange={edited(setEmail, 'email', 'pin')} error={fieldError('email')} />
        <Field label="Code PIN" error={fieldError('pin')}>
          <PinInput name="pin" autoComplete="current-password" value={pin} onValueChange={edited(setPin, 'pin', 'email')} />
        </Field>
        <Notice kind="error" message={formError} persistent />
        <Button type="submit" block loading={login.isPending}>
          Se connecter
        </Button>
      </form>
      <div className="auth-links">
        <button type="button" className="link-button" onClick={onChangeEmail}>
          Modifier l'email
        </button>
        <button type="button" className="link-button" onClick={() => onForgotPin(email.trim())}>
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
