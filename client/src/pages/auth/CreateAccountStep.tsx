import { useState } from 'react';
import { MSG } from '../../../../common/messages';
import { ZRegisterInput, type TRegisterInput } from '../../../../common/schemas/auth';
import { Field, Notice } from '../../components/ui';
import type { TUser } from '../../lib/auth';
import { getDeviceId } from '../../lib/device';
import { errorMessage } from '../../lib/errors';
import { trpc } from '../../lib/trpc';
import { AuthCard, StepActions } from './AuthCard';
import { PinPairFields } from './PinPairFields';
import { NameField } from './NameField';
import { useFormField, useZodForm } from '../../lib/zod-form';
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
  const levels = useLevelCatalogue();
  const form = useZodForm(ZRegisterInput, {
    defaultValues: {
      name: initialName,
      email: initialEmail,
      phone,
      country,
      level: '',
      pin: '',
      confirmPin: '',
    },
    fields: ['name', 'email', 'level', 'pin', 'confirmPin'],
  });
  const name = useFormField(form, 'name');
  // The e-mail is the one just proven by its code: changing it means starting again (first step).
  const email = initialEmail;
  const emailError = form.errorFor('email');
  const { ref: levelRef, ...level } = useFormField(form, 'level');
  const pin = useFormField(form, 'pin', 'confirmPin');
  const confirmPin = useFormField(form, 'confirmPin');
  const [busy, setBusy] = useState(false);
  const register = trpc.auth.register.useMutation();
  const login = trpc.auth.loginByEmail.useMutation();

  const submit = async ({ level: chosen, ...values }: TRegisterInput) => {
    const input = { ...values, ...(chosen ? { level: chosen } : {}) };
    setBusy(true);
    try {
      let created;
      try {
        created = await register.mutateAsync({ ...input, deviceId: getDeviceId() });
      } catch (e) {
        return form.fail(errorMessage(e, MSG.auth.registerFailed));
      }
      if (!created.success) return form.fail(created.message || MSG.auth.registerFailed);
      if (created.user) return onLoggedIn(created.user);
      // No session came back with the account: log in with what the player just chose.
      try {
        const session = await login.mutateAsync({
          email: email.trim(),
          pin: input.pin,
          deviceId: getDeviceId(),
        });
        if (session.success && session.user) return onLoggedIn(session.user);
      } catch {
        // Reported below.
      }
      onCreatedNotLoggedIn(email.trim());
    } finally {
      setBusy(false);
    }
  };

  return (
    <AuthCard
      title="Finalisez votre compte"
      lead="Choisissez un code PIN à 4 chiffres : il vous servira à vous connecter."
    >
      <form className="auth-form" noValidate onSubmit={form.onSubmit(submit)}>
        <NameField label="Nom complet" field={name} />
        <Field label="Email" error={emailError} hint="Email vérifié ✓">
          <input
            className="input"
            type="email"
            name="email"
            autoComplete="email"
            value={email}
            readOnly
          />
        </Field>
        <p className="auth-switch">
          <button type="button" className="link-button" onClick={onChangeEmail}>
            Utiliser un autre email
          </button>
        </p>
        <Field label={MSG.signUpLevel.label} error={level.error} hint={MSG.signUpLevel.hint}>
          <select
            className="select"
            name="level"
            ref={levelRef}
            value={level.value}
            onChange={(e) => level.onValueChange(e.target.value)}
          >
            <option value="">{MSG.signUpLevel.unset}</option>
            {(levels ?? []).map((l) => (
              <option key={l.niveau} value={l.niveau}>
                {l.niveau} — {l.label}
              </option>
            ))}
          </select>
        </Field>
        <PinPairFields purpose="register" pin={pin} confirm={confirmPin} />
        <Notice kind="error" message={form.formError} persistent />
        <StepActions onBack={onBack} loading={busy}>
          Créer mon compte
        </StepActions>
      </form>
    </AuthCard>
  );
}
