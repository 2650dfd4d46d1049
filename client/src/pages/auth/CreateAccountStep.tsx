import { useEffect, useState } from 'react';
import { registerRules } from '../../../../common/auth-rules';
import { MSG } from '../../../../common/messages';
import { Field } from '../../components/ui/Field';
import { Notice } from '../../components/ui/Notice';
import type { TUser } from '../../lib/auth';
import { getDeviceId } from '../../lib/device';
import { errorMessage } from '../../lib/errors';
import { useAuthClient } from '../../lib/auth-client';
import { AuthCard, StepActions } from './AuthCard';
import { PinPairFields } from './PinPairFields';
import { NameField } from './NameField';
import { firstProblem, useAuthForm } from './auth-form';
import type { LevelView } from '../../components/matches/types';

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
  const client = useAuthClient();
  const [levels, setLevels] = useState<readonly LevelView[]>();
  useEffect(() => {
    let current = true;
    client.levels.list.query().then(
      (list) => current && setLevels(list),
      () => {}, // Without the list, the level stays « not said ».
    );
    return () => {
      current = false;
    };
  }, [client]);
  const form = useAuthForm({
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
    // The level comes from the catalogue's list (the server checks it again).
    check: (values) =>
      firstProblem(
        values,
        ['name', 'email', 'phone', 'country', 'pin', 'confirmPin', 'level'],
        registerRules,
      ),
  });
  const name = form.field('name');
  // The e-mail is the one just proven by its code: changing it means starting again (first step).
  const email = initialEmail;
  const emailError = form.errorFor('email');
  const { ref: levelRef, ...level } = form.field('level');
  const pin = form.field('pin', 'confirmPin');
  const confirmPin = form.field('confirmPin');
  const [busy, setBusy] = useState(false);

  const submit = async ({ level: chosen, ...values }: typeof form.values) => {
    const input = { ...values, ...(chosen ? { level: chosen } : {}) };
    setBusy(true);
    try {
      let created;
      try {
        created = await client.auth.register.mutate({ ...input, deviceId: getDeviceId() });
      } catch (e) {
        return form.fail(errorMessage(e, MSG.auth.registerFailed));
      }
      if (!created.success) return form.fail(created.message || MSG.auth.registerFailed);
      if (created.user) return onLoggedIn(created.user);
      // No session came back with the account: log in with what the player just chose.
      try {
        const session = await client.auth.loginByEmail.mutate({
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
