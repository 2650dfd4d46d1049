import { DEFAULT_MAIL_FROM_NAME, DEFAULT_SMTP_PORT } from '../../../../common/limits';
import { MSG } from '../../../../common/messages';
import {
  smtpFormSchema,
  smtpInputOf,
  ZSmtpTestForm,
  type TSmtpForm,
} from '../../../../common/schemas/admin-forms';
import { Button, CheckField, InputField, Notice } from '../../components/ui';
import { trpc, type RouterOutputs } from '../../lib/trpc';
import { useFormField, useZodForm, type ZodForm } from '../../lib/zod-form';
import { ProviderForm, ProviderTab, useProviderNotice } from './provider';
import { ActivationCheck, bound, SecretField } from './shared';

type SmtpConfig = NonNullable<RouterOutputs['admin']['smtp']['get']>;

function SmtpForm({ config }: { config: SmtpConfig | null }) {
  const utils = trpc.useUtils();
  const save = trpc.admin.smtp.save.useMutation();
  const hasPassword = config?.has_password ?? false;
  const form = useZodForm(smtpFormSchema(hasPassword), {
    defaultValues: {
      host: config?.host ?? '',
      port: String(config?.port ?? DEFAULT_SMTP_PORT),
      secure: config?.secure ?? false,
      username: config?.username ?? '',
      // Never sent back: blank keeps the stored one.
      password: '',
      is_active: config?.is_active ?? false,
      skip_cert_verify: config?.skip_cert_verify ?? false,
      from_email: config?.from_email ?? '',
      from_name: config?.from_name ?? '',
    },
  });
  const host = useFormField(form, 'host');
  const port = useFormField(form, 'port');
  const username = useFormField(form, 'username');
  const password = useFormField(form, 'password');
  const fromEmail = useFormField(form, 'from_email');
  const fromName = useFormField(form, 'from_name');
  const secure = useFormField(form, 'secure');
  const isActive = useFormField(form, 'is_active');
  const skipCertVerify = useFormField(form, 'skip_cert_verify');
  const refresh = () => void utils.admin.smtp.get.invalidate();
  const toast = useProviderNotice(form, refresh);

  return (
    <>
      <ProviderForm
        label="Configuration SMTP"
        onSubmit={form.onSubmit((values) =>
          save.mutate(
            smtpInputOf(values),
            toast.saveHandlers(MSG.admin.smtpSaved, () => form.setValue('password', '')),
          ),
        )}
        saving={save.isPending}
        slot={toast.slot}
      >
        <div className="admin-form-grid">
          <InputField
            label="Serveur SMTP"
            {...bound(host)}
            placeholder="smtp.exemple.fr"
            autoComplete="off"
          />
          <InputField
            label="Port"
            type="number"
            inputMode="numeric"
            min={1}
            max={65535}
            {...bound(port)}
          />
          <InputField label="Nom d'utilisateur" {...bound(username)} autoComplete="off" />
          <SecretField
            label="Mot de passe"
            keepHint={hasPassword ? MSG.smtpTest.passwordKept : undefined}
            {...bound(password)}
          />
          <InputField
            label="Email d'expéditeur"
            type="email"
            {...bound(fromEmail)}
            autoComplete="off"
          />
          <InputField
            label="Nom d'expéditeur"
            {...bound(fromName)}
            placeholder={DEFAULT_MAIL_FROM_NAME}
            autoComplete="off"
          />
        </div>
        <div className="admin-checks">
          <CheckField
            label="Connexion sécurisée (SSL/TLS)"
            checked={secure.value ?? false}
            onCheckedChange={secure.onValueChange}
          />
          <ActivationCheck
            label="Configuration active"
            checked={isActive.value ?? false}
            onCheckedChange={isActive.onValueChange}
            activable={config?.is_verified ?? false}
            hintId="smtp-activation-hint"
          />
          <CheckField
            label={MSG.admin.smtpSkipCertVerify}
            checked={skipCertVerify.value ?? false}
            onCheckedChange={skipCertVerify.onValueChange}
          />
        </div>
        {skipCertVerify.value && (
          <Notice kind="warning" persistent message={MSG.admin.smtpCertUnverifiedWarning} />
        )}
        <p className="field-hint" id="smtp-activation-hint">
          {MSG.admin.smtpActivationHint}
        </p>
      </ProviderForm>
      <SmtpTest settings={form} refresh={refresh} />
    </>
  );
}

/** "Envoyer": a test mail through the settings as they stand in the form, saved or not. */
function SmtpTest({ settings, refresh }: { settings: ZodForm<TSmtpForm>; refresh: () => void }) {
  const test = trpc.admin.smtp.test.useMutation();
  const form = useZodForm(ZSmtpTestForm, { defaultValues: { email: '' } });
  const email = useFormField(form, 'email');
  const toast = useProviderNotice(form, refresh);

  // The address first, then the settings (a problem there shows and is focused in their form).
  const send = form.onSubmit(({ email }) =>
    settings.handleSubmit((values) =>
      test.mutate(
        { email: email.trim(), config: smtpInputOf(values) },
        toast.testHandlers(
          (message) => message || MSG.admin.smtpTestSent,
          MSG.admin.smtpTestFailed,
        ),
      ),
    )(),
  );

  return (
    <form
      className="card admin-form"
      onSubmit={send}
      noValidate
      aria-label="Tester l'envoi d'email"
    >
      <h3 className="admin-form-title">Tester l&apos;envoi</h3>
      <div className="admin-inline">
        <InputField label="Email de test" type="email" {...bound(email)} autoComplete="email" />
        <Button type="submit" loading={test.isPending}>
          Envoyer
        </Button>
      </div>
      {toast.slot}
    </form>
  );
}

/** SMTP: server settings (port 587 by default), Enregistrer, and a test e-mail. */
export function SmtpTab() {
  const config = trpc.admin.smtp.get.useQuery();
  return (
    <ProviderTab
      title="SMTP"
      lead="Serveur d'envoi des emails (codes de vérification, notifications)."
      query={config}
    >
      {(data) => <SmtpForm config={data} />}
    </ProviderTab>
  );
}
