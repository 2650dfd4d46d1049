import { useState, type FormEvent } from 'react';
import { DEFAULT_SMTP_PORT } from '../../../../common/limits';
import { MSG } from '../../../../common/messages';
import { ZSmtpSaveInput } from '../../../../common/schemas/admin';
import { NoticeSlot } from '../../components/matches/NoticeSlot';
import { useNotice } from '../../components/matches/useNotice';
import { Button, Field, Notice, Spinner } from '../../components/ui';
import { errorMessage } from '../../lib/errors';
import { trpc, type RouterOutputs } from '../../lib/trpc';
import { PanelHead } from './shared';
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
  const [isActive, setIsActive] = useState(config?.is_active ?? true);
  const [skipCertVerify, setSkipCertVerify] = useState(config?.skip_cert_verify ?? false);
  const [fromEmail, setFromEmail] = useState(config?.from_email ?? '');
  const [fromName, setFromName] = useState(config?.from_name ?? '');
  const hasPassword = config?.has_password ?? false;

  const onSave = (event: FormEvent) => {
    event.preventDefault();
    if (!hasPassword && password === '') {
      notice.error(MSG.admin.smtpFieldsRequired);
      return;
    }
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
    const error = firstIssue(parsed)?.message ?? null;
    if (!parsed.success || port.trim() === '') {
      notice.error(error ?? MSG.admin.smtpFieldsRequired);
      return;
    }
    save.mutate(parsed.data, {
      onSuccess: (r) => {
        notice.success(r.message || MSG.admin.smtpSaved);
        setPassword('');
        void utils.admin.smtp.get.invalidate();
      },
      onError: (err) => notice.error(errorMessage(err, MSG.admin.saveFailed)),
    });
  };

  return (
    <form className="card admin-form" onSubmit={onSave} noValidate aria-label="Configuration SMTP">
      <div className="admin-form-grid">
        <Field label="Serveur SMTP">
          <input
            className="input"
            value={host}
            onChange={(e) => setHost(e.target.value)}
            placeholder="smtp.exemple.fr"
            autoComplete="off"
          />
        </Field>
        <Field label="Port">
          <input
            className="input"
            type="number"
            inputMode="numeric"
            min={1}
            max={65535}
            value={port}
            onChange={(e) => setPort(e.target.value)}
          />
        </Field>
        <Field label="Nom d'utilisateur">
          <input className="input" value={username} onChange={(e) => setUsername(e.target.value)} autoComplete="off" />
        </Field>
        <Field label="Mot de passe" hint={hasPassword ? 'Laissez vide pour conserver le mot de passe enregistré.' : undefined}>
          <input
            className="input"
            type="password"
            value={password}
            onChange={(e) => setPassword(e.target.value)}
            autoComplete="new-password"
          />
        </Field>
        <Field label="Email d'expéditeur">
          <input className="input" type="email" value={fromEmail} onChange={(e) => setFromEmail(e.target.value)} autoComplete="off" />
        </Field>
        <Field label="Nom d'expéditeur">
          <input
            className="input"
            value={fromName}
            onChange={(e) => setFromName(e.target.value)}
            placeholder="Padel Match"
            autoComplete="off"
          />
        </Field>
      </div>
      <div className="admin-checks">
        <label className="check">
          <input type="checkbox" checked={secure} onChange={(e) => setSecure(e.target.checked)} />
          <span>Connexion sécurisée (SSL/TLS)</span>
        </label>
        <label className="check">
          <input type="checkbox" checked={isActive} onChange={(e) => setIsActive(e.target.checked)} />
          <span>Configuration active</span>
        </label>
        <label className="check">
          <input type="checkbox" checked={skipCertVerify} onChange={(e) => setSkipCertVerify(e.target.checked)} />
          <span>{MSG.admin.smtpSkipCertVerify}</span>
        </label>
      </div>
      {skipCertVerify && <Notice kind="warning" persistent message={MSG.admin.smtpCertUnverifiedWarning} />}
      <NoticeSlot notice={notice.notice} onClose={notice.clear} />
      <div className="form-actions">
        <Button type="submit" loading={save.isPending}>
          Enregistrer
        </Button>
      </div>
    </form>
  );
}

function SmtpTest() {
  const test = trpc.admin.smtp.test.useMutation();
  const notice = useNotice();
  const [email, setEmail] = useState('');

  const onSend = (event: FormEvent) => {
    event.preventDefault();
    if (email.trim() === '') {
      notice.error(MSG.admin.smtpTestEmailRequired);
      return;
    }
    test.mutate(
      { email: email.trim() },
      {
        onSuccess: (r) =>
          r.success ? notice.success(r.message || MSG.admin.smtpTestSent) : notice.error(r.message || MSG.admin.smtpTestFailed),
        onError: (err) => notice.error(errorMessage(err, MSG.admin.smtpTestFailed)),
      },
    );
  };

  return (
    <form className="card admin-form" onSubmit={onSend} noValidate aria-label="Tester l'envoi d'email">
      <h3 className="admin-form-title">Tester l&apos;envoi</h3>
      <div className="admin-inline">
        <Field label="Email de test">
          <input className="input" type="email" value={email} onChange={(e) => setEmail(e.target.value)} autoComplete="email" />
        </Field>
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
      <PanelHead title="SMTP" lead="Serveur d'envoi des emails (codes de vérification, notifications)." />
      {config.isPending ? (
        <Spinner label="Chargement de la configuration..." showLabel />
      ) : config.isError ? (
        <Notice kind="error" persistent message={errorMessage(config.error, MSG.admin.configLoadFailed)} />
      ) : (
        <>
          <SmtpForm config={config.data} />
          <SmtpTest />
        </>
      )}
    </div>
  );
}
