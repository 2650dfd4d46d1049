import { useState, type FormEvent } from 'react';
import { DEFAULT_MAIL_FROM_NAME, DEFAULT_SMTP_PORT } from '../../../../common/limits';
import { MSG } from '../../../../common/messages';
import { ZSmtpSaveInput, type TSmtpSaveInput } from '../../../../common/schemas/admin';
import { NoticeSlot } from '../../components/matches/NoticeSlot';
import { useNotice } from '../../components/matches/useNotice';
import { Button, CheckField, InputField, Loaded, Notice } from '../../components/ui';
import { errorMessage } from '../../lib/errors';
import { trpc, type RouterOutputs } from '../../lib/trpc';
import { ActivationCheck, PanelHead, SecretField } from './shared';
import { firstIssue } from '../../../../common/schemas/first-issue';

type SmtpConfig = NonNullable<RouterOutputs['admin']['smtp']['get']>;

function SmtpForm({ config }: { config: SmtpConfig | null }) {
  const utils = trpc.useUtils();
  const save = trpc.admin.smtp.save.useMutation();
  const notice = useNotice();
  const [host, setHost] = useState(config?.host ?? '');
  const [port, setPort] = useState(String(config?.port ?? DEFAULT_SMTP_PORT));
  const [secure, setSecure] = useState(config?.secure ?? false);
  const [username, setUsername] = useState(config?.username ?? '');
  const [password, setPassword] = useState('');
  const [isActive, setIsActive] = useState(config?.is_active ?? false);
  const [skipCertVerify, setSkipCertVerify] = useState(config?.skip_cert_verify ?? false);
  const activable = config?.is_verified ?? false;
  const [fromEmail, setFromEmail] = useState(config?.from_email ?? '');
  const [fromName, setFromName] = useState(config?.from_name ?? '');
  const hasPassword = config?.has_password ?? false;

  /** The form's settings, checked as the server will; the first problem otherwise. */
  const draft = (): { config: TSmtpSaveInput } | { error: string } => {
    if (!hasPassword && password === '') return { error: MSG.admin.smtpFieldsRequired };
    const parsed = ZSmtpSaveInput.safeParse({
      host,
      port: port.trim() === '' ? undefined : Number(port),
      secure,
      username,
      password: password || undefined,
      is_active: isActive,
      skip_cert_verify: skipCertVerify,
      from_email: fromEmail,
      from_name: fromName,
    });
    if (!parsed.success || port.trim() === '')
      return { error: firstIssue(parsed)?.message ?? MSG.admin.smtpFieldsRequired };
    return { config: parsed.data };
  };

  const onSave = (event: FormEvent) => {
    event.preventDefault();
    const checked = draft();
    if ('error' in checked) {
      notice.error(checked.error);
      return;
    }
    save.mutate(checked.config, {
      onSuccess: (r) => {
        notice.success(r.message || MSG.admin.smtpSaved);
        setPassword('');
        void utils.admin.smtp.get.invalidate();
      },
      onError: (err) => notice.error(errorMessage(err, MSG.admin.saveFailed)),
    });
  };

  return (
    <>
      <form
        className="card admin-form"
        onSubmit={onSave}
        noValidate
        aria-label="Configuration SMTP"
      >
        <div className="admin-form-grid">
          <InputField
            label="Serveur SMTP"
            value={host}
            onValueChange={setHost}
            placeholder="smtp.exemple.fr"
            autoComplete="off"
          />
          <InputField
            label="Port"
            type="number"
            inputMode="numeric"
            min={1}
            max={65535}
            value={port}
            onValueChange={setPort}
          />
          <InputField
            label="Nom d'utilisateur"
            value={username}
            onValueChange={setUsername}
            autoComplete="off"
          />
          <SecretField
            label="Mot de passe"
            keepHint={hasPassword ? MSG.smtpTest.passwordKept : undefined}
            value={password}
            onValueChange={setPassword}
          />
          <InputField
            label="Email d'expéditeur"
            type="email"
            value={fromEmail}
            onValueChange={setFromEmail}
            autoComplete="off"
          />
          <InputField
            label="Nom d'expéditeur"
            value={fromName}
            onValueChange={setFromName}
            placeholder={DEFAULT_MAIL_FROM_NAME}
            autoComplete="off"
          />
        </div>
        <div className="admin-checks">
          <CheckField
            label="Connexion sécurisée (SSL/TLS)"
            checked={secure}
            onCheckedChange={setSecure}
          />
          <ActivationCheck
            label="Configuration active"
            checked={isActive}
            onCheckedChange={setIsActive}
            activable={activable}
            hintId="smtp-activation-hint"
          />
          <CheckField
            label={MSG.admin.smtpSkipCertVerify}
            checked={skipCertVerify}
            onCheckedChange={setSkipCertVerify}
          />
        </div>
        {skipCertVerify && (
          <Notice kind="warning" persistent message={MSG.admin.smtpCertUnverifiedWarning} />
        )}
        <p className="field-hint" id="smtp-activation-hint">
          {MSG.admin.smtpActivationHint}
        </p>
        <NoticeSlot notice={notice.notice} onClose={notice.clear} />
        <div className="form-actions">
          <Button type="submit" loading={save.isPending}>
            Enregistrer
          </Button>
        </div>
      </form>
      <SmtpTest draft={draft} />
    </>
  );
}

/** "Envoyer": a test mail through the settings as they stand in the form, saved or not. */
function SmtpTest({ draft }: { draft: () => { config: TSmtpSaveInput } | { error: string } }) {
  const utils = trpc.useUtils();
  const test = trpc.admin.smtp.test.useMutation({
    onSuccess: () => void utils.admin.smtp.get.invalidate(),
  });
  const notice = useNotice();
  const [email, setEmail] = useState('');

  const onSend = (event: FormEvent) => {
    event.preventDefault();
    if (email.trim() === '') {
      notice.error(MSG.admin.smtpTestEmailRequired);
      return;
    }
    const checked = draft();
    if ('error' in checked) {
      notice.error(checked.error);
      return;
    }
    test.mutate(
      { email: email.trim(), config: checked.config },
      {
        onSuccess: (r) =>
          r.success
            ? notice.success(r.message || MSG.admin.smtpTestSent)
            : notice.error(r.message || MSG.admin.smtpTestFailed),
        onError: (err) => notice.error(errorMessage(err, MSG.admin.smtpTestFailed)),
      },
    );
  };

  return (
    <form
      className="card admin-form"
      onSubmit={onSend}
      noValidate
      aria-label="Tester l'envoi d'email"
    >
      <h3 className="admin-form-title">Tester l&apos;envoi</h3>
      <div className="admin-inline">
        <InputField
          label="Email de test"
          type="email"
          value={email}
          onValueChange={setEmail}
          autoComplete="email"
        />
        <Button type="submit" loading={test.isPending}>
          Envoyer
        </Button>
      </div>
      <NoticeSlot notice={notice.notice} onClose={notice.clear} />
    </form>
  );
}

/** SMTP: server settings (port 587 by default), Enregistrer, and a test e-mail. */
export function SmtpTab() {
  const config = trpc.admin.smtp.get.useQuery();
  return (
    <div className="admin-tab-body">
      <PanelHead
        title="SMTP"
        lead="Serveur d'envoi des emails (codes de vérification, notifications)."
      />
      <Loaded
        query={config}
        loadingLabel="Chargement de la configuration..."
        errorFallback={MSG.admin.configLoadFailed}
      >
        {(data) => <SmtpForm config={data} />}
      </Loaded>
    </div>
  );
}
