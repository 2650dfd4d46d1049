import { useState, type FormEvent } from 'react';
import { COUNTRIES } from '../../../../common/countries';
import { OTP_RESEND_SECONDS } from '../../../../common/limits';
import { MSG } from '../../../../common/messages';
import { filterPhoneInput } from '../../../../common/phone';
import { ZRegistrationStartInput } from '../../../../common/schemas/auth';
import { firstIssue, type FormError } from '../../../../common/schemas/first-issue';
import { Button, Field, Notice } from '../../components/ui';
import { errorMessage } from '../../lib/errors';
import { trpc } from '../../lib/trpc';
import { AuthCard } from './AuthCard';

/** The first step's fields, kept by the authentication screen while the player moves between steps. */
export interface RegisterStartValues {
  name: string;
  email: string;
  phone: string;
  country: string;
}

export interface RegisterStartStepProps {
  initial: RegisterStartValues;
  /** Both existence checks came back empty and the e-mail code was sent. */
  onCodeSent: (values: RegisterStartValues, resendAfterSeconds: number) => void;
  onHaveAccount: (email: string) => void;
}

/** Step 'phone': name, e-mail and phone with its country; ends by sending a code to the e-mail. */
export function RegisterStartStep({ initial, onCodeSent, onHaveAccount }: RegisterStartStepProps) {
  const [values, setValues] = useState(initial);
  const [error, setError] = useState<FormError | null>(null);
  const [busy, setBusy] = useState(false);
  const utils = trpc.useUtils();
  const sendOtp = trpc.auth.sendOtpEmail.useMutation();

  const set = (key: keyof RegisterStartValues) => (value: string) => setValues((v) => ({ ...v, [key]: value }));

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const invalid = firstIssue(ZRegistrationStartInput.safeParse(values));
    setError(invalid);
    if (invalid) return;
    setBusy(true);
    try {
      const input = { name: values.name.trim(), email: values.email.trim(), phone: values.phone, country: values.country };
      let exists: [boolean, boolean];
      try {
        const [byPhone, byEmail] = await Promise.all([
          utils.auth.checkUser.fetch({ phone: input.phone, country: input.country }, { staleTime: 0 }),
          utils.auth.checkUserByEmail.fetch({ email: input.email }, { staleTime: 0 }),
        ]);
        exists = [byPhone.exists, byEmail.exists];
      } catch (e) {
        setError({ field: '', message: errorMessage(e, MSG.http.network) });
        return;
      }
      if (exists[0]) return setError({ field: 'phone', message: MSG.auth.existingPhone });
      if (exists[1]) return setError({ field: 'email', message: MSG.auth.existingEmail });
      try {
        const sent = await sendOtp.mutateAsync({ email: input.email });
        if (!sent.success) return setError({ field: '', message: sent.message || MSG.auth.otpSendFailed });
        onCodeSent(input, sent.resendAfterSeconds || OTP_RESEND_SECONDS);
      } catch (e) {
        setError({ field: '', message: errorMessage(e, MSG.auth.otpSendFailed) });
      }
    } finally {
      setBusy(false);
    }
  };

  const fieldError = (field: string) => (error?.field === field ? error.message : null);
  const formError = error && !['name', 'email', 'phone'].includes(error.field) ? error.message : null;
  return (
    <AuthCard title="Créer un compte" lead="Rejoignez les joueurs de padel près de chez vous.">
      <form className="auth-form" noValidate onSubmit={(e) => void submit(e)}>
        <Field label="Nom complet" error={fieldError('name')}>
          <input className="input" name="name" autoComplete="name" value={values.name} onChange={(e) => set('name')(e.target.value)} />
        </Field>
        <Field label="Email" error={fieldError('email')}>
          <input
            className="input"
            type="email"
            name="email"
            autoComplete="email"
            inputMode="email"
            value={values.email}
            onChange={(e) => set('email')(e.target.value)}
          />
        </Field>
        <div className="phone-group">
          <Field label="Pays">
            <select className="select" name="country" value={values.country} onChange={(e) => set('country')(e.target.value)}>
              {COUNTRIES.map((c) => (
                <option key={c.code} value={c.code}>
                  {`${c.flag} ${c.name} (${c.dialCode})`}
                </option>
              ))}
            </select>
          </Field>
          <Field label="Numéro de téléphone" error={fieldError('phone')}>
            <input
              className="input"
              type="tel"
              name="phone"
              autoComplete="tel-national"
              inputMode="numeric"
              placeholder="0612345678"
              value={values.phone}
              onChange={(e) => set('phone')(filterPhoneInput(e.target.value))}
            />
          </Field>
        </div>
        <Notice kind="error" message={formError} persistent />
        <Button type="submit" block loading={busy}>
          Continuer
        </Button>
      </form>
      <p className="auth-switch">
        <button type="button" className="link-button" onClick={() => onHaveAccount(values.email.trim())}>
          J'ai déjà un compte
        </button>
      </p>
    </AuthCard>
  );
}
