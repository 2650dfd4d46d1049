import { useState } from 'react';
import { registrationStartRules } from '../../../../common/auth-rules';
import { COUNTRIES } from '../../../../common/countries';
import { OTP_RESEND_SECONDS } from '../../../../common/limits';
import { MSG } from '../../../../common/messages';
import { filterPhoneInput } from '../../../../common/phone';
import { Button } from '../../components/ui/Button';
import { Field } from '../../components/ui/Field';
import { Notice } from '../../components/ui/Notice';
import { errorDetail, errorMessage } from '../../lib/errors';
import { useAuthClient } from '../../lib/auth-client';
import { firstProblem, useAuthForm } from './auth-form';
import { EmailField } from './EmailField';
import { NameField } from './NameField';
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
  /** Whether a code sent to (or proven for) this e-mail still holds: no new code is then asked for. */
  hasCodeFor: (email: string) => boolean;
  /** Both existence checks came back empty and the code already sent still holds. */
  onContinue: (values: RegisterStartValues) => void;
  /**
   * Both existence checks came back empty and the e-mail code was sent — or, `alreadySent`, the
   * server refused a new one because one was sent moments ago (another tab, a reload).
   */
  onCodeSent: (
    values: RegisterStartValues,
    resendAfterSeconds: number,
    alreadySent?: boolean,
  ) => void;
  onHaveAccount: (email: string) => void;
}

/** Step 'phone': name, e-mail and phone with its country; ends by sending a code to the e-mail. */
export function RegisterStartStep({
  initial,
  hasCodeFor,
  onContinue,
  onCodeSent,
  onHaveAccount,
}: RegisterStartStepProps) {
  const form = useAuthForm({
    defaultValues: initial,
    fields: ['name', 'email', 'phone'],
    check: (values) =>
      firstProblem(values, ['name', 'email', 'phone', 'country'], registrationStartRules),
  });
  const name = form.field('name');
  const email = form.field('email');
  const { ref: countryRef, ...country } = form.field('country');
  const { ref: phoneRef, ...phone } = form.field('phone');
  const [busy, setBusy] = useState(false);
  const client = useAuthClient();

  const submit = async (values: RegisterStartValues) => {
    setBusy(true);
    try {
      const input = {
        name: values.name.trim(),
        email: values.email.trim(),
        phone: values.phone,
        country: values.country,
      };
      let exists: [boolean, boolean];
      try {
        const [byPhone, byEmail] = await Promise.all([
          client.auth.checkUser.query({ phone: input.phone, country: input.country }),
          client.auth.checkUserByEmail.query({ email: input.email }),
        ]);
        exists = [byPhone.exists, byEmail.exists];
      } catch (e) {
        form.fail(errorMessage(e, MSG.http.network));
        return;
      }
      if (exists[0]) return form.fail(MSG.auth.existingPhone, 'phone');
      if (exists[1]) return form.fail(MSG.auth.existingEmail, 'email');
      if (hasCodeFor(input.email)) return onContinue(input);
      try {
        const sent = await client.auth.sendOtpEmail.mutate({ email: input.email });
        if (!sent.success) return form.fail(sent.message || MSG.auth.otpSendFailed);
        onCodeSent(input, sent.resendAfterSeconds || OTP_RESEND_SECONDS);
      } catch (e) {
        const wait = errorDetail(e, 'retryAfterSeconds');
        if (wait !== undefined) return onCodeSent(input, wait, true);
        form.fail(errorMessage(e, MSG.auth.otpSendFailed));
      }
    } finally {
      setBusy(false);
    }
  };

  return (
    <AuthCard title="Créer un compte" lead="Rejoignez les joueurs de padel près de chez vous.">
      <form className="auth-form" noValidate onSubmit={form.onSubmit(submit)}>
        <NameField label="Nom complet" field={name} />
        <EmailField field={email} />
        <div className="phone-group">
          <Field label="Pays">
            <select
              className="select"
              name="country"
              ref={countryRef}
              value={country.value}
              onChange={(e) => country.onValueChange(e.target.value)}
            >
              {COUNTRIES.map((c) => (
                <option key={c.code} value={c.code}>
                  {`${c.flag} ${c.dialCode} ${c.name}`}
                </option>
              ))}
            </select>
          </Field>
          <Field label="Numéro de téléphone" error={phone.error}>
            <input
              className="input"
              type="tel"
              name="phone"
              autoComplete="tel-national"
              inputMode="numeric"
              placeholder="0612345678"
              ref={phoneRef}
              value={phone.value}
              onChange={(e) => phone.onValueChange(filterPhoneInput(e.target.value))}
            />
          </Field>
        </div>
        <Notice kind="error" message={form.formError} persistent />
        <Button type="submit" block loading={busy}>
          Continuer
        </Button>
      </form>
      <p className="auth-switch">
        <button
          type="button"
          className="link-button"
          onClick={() => onHaveAccount(email.value.trim())}
        >
          J'ai déjà un compte
        </button>
      </p>
    </AuthCard>
  );
}
