import { useState, type FormEvent } from 'react';
import { MSG } from '../../../../common/messages';
import { ZRegisterInput } from '../../../../common/schemas/auth';
import { Field, Notice } from '../../components/ui';
import type { TUser } from '../../lib/auth';
import { getDeviceId } from '../../lib/device';
import { errorMessage } from '../../lib/errors';
import { trpc } from '../../lib/trpc';
import { AuthCard, StepActions } from './AuthCard';
import { PinPairFields, usePinPair } from './PinPairFields';
import { firstIssue } from '../../../../common/schemas/first-issue';
import { useFormError } from '../../lib/form-error';
import { useLevelCatalogue } from '../../components/matches/useLevelCatalogue';

export interface CreateAccountStepProps {
  name: string;
  email: string;
  phone: string;
  country: string;
  onLoggedIn: (user: TUser) => void;
  /** The account exists but the automatic login failed: the player logs in by hand. */
  onCreatedNotLoggedIn: (email: string) => void;
  onBack: () => void;
  /** Back to the first step to use another e-mail (which will need its own code). */
  onChangeEmail: () => void;
}

const FIELDS = ['name', 'email', 'level', 'pin', 'confirmPin'];

/** Step 'register': name, e-mail, level (optional), PIN and its confirmation; success logs the player in. */
export function CreateAccountStep({
  name: initialName,
  email: initialEmail,
  phone,
  country,
  onLoggedIn,
  onCreatedNotLoggedIn,
  onBack,
  onChangeEmail,
}: CreateAccountStepProps) {
  const [name, setName] = useState(initialName);
  const [level, setLevel] = useState('');
  const levels = useLevelCatalogue();
  // The e-mail is the one just proven by its code: changing it means starting again (first step).
  const email = initialEmail;
  const pins = usePinPair();
  const { pin, confirmPin } = pins;
  const { error, setError, fieldError, edited } = useFormError();
  const [busy, setBusy] = useState(false);
  const register = trpc.auth.register.useMutation();
  const login = trpc.auth.loginByEmail.useMutation();

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const input = { name, email, phone, country, pin, confirmPin, ...(level ? { level } : {}) };
    const invalid = firstIssue(ZRegisterInput.safeParse(input));
    setError(invalid);
    if (invalid) return;
    setBusy(true);
    try {
      let created;
      try {
        created = await register.mutateAsync({ ...input, deviceId: getDeviceId() });
      } catch (e) {
        return setError({ field: '', message: errorMessage(e, MSG.auth.registerFailed) });
      }
      if (!created.success) return setError({ field: '', message: created.message || MSG.auth.registerFailed });
      if (created.user) return onLoggedIn(created.user);
      // No session came back with the account: log in with what the player just chose.
      try {
        const session = await login.mutateAsync({ email: email.trim(), pin, deviceId: getDeviceId() });
        if (session.success && session.user) return onLoggedIn(session.user);
      } catch {
        // Reported below.
      }
      onCreatedNotLoggedIn(email.trim());
    } finally {
      setBusy(false);
    }
  };

  const formError = error && !FIELDS.includes(error.field) ? error.message : null;
  return (
    <AuthCard title="Finalisez votre compte" lead="Choisissez un code PIN à 4 chiffres : il vous servira à vous connecter.">
      <form className="auth-form" noValidate onSubmit={(e) => void submit(e)}>
        <Field label="Nom complet" error={fieldError('name')}>
          <input className="input" name="name" autoComplete="name" value={name} onChange={(e) => edited(setName, 'name')(e.target.value)} />
        </Field>
        <Field label="Email" error={fieldError('email')} hint="Email vérifié ✓">
          <input className="input" type="email" name="email" autoComplete="email" value={email} readOnly />
        </Field>
        <p className="auth-switch">
          <button type="button" className="link-button" onClick={onChangeEmail}>
            Utiliser un autre email
          </button>
        </p>
        <Field label={MSG.signUpLevel.label} error={fieldError('level')} hint={MSG.signUpLevel.hint}>
          <select className="select" name="level" value={level} onChange={(e) => edited(setLevel, 'level')(e.target.value)}>
            <option value="">{MSG.signUpLevel.unset}</option>
            {(levels ?? []).map((l) => (
              <option key={l.niveau} value={l.niveau}>
                {l.niveau} — {l.label}
              </option>
            ))}
          </select>
        </Field>
        <PinPairFields purpose="register" pair={pins} form={{ fieldError, edited }} />
        <Notice kind="error" message={formError} persistent />
        <StepActions onBack={onBack} loading={busy}>
          Créer mon compte
        </StepActions>
      </form>
    </AuthCard>
  );
}
