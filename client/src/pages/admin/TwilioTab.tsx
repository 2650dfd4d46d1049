import { useState, type FormEvent } from 'react';
import { MSG } from '../../../../common/messages';
import { ZTwilioSaveInput } from '../../../../common/schemas/admin';
import { NoticeSlot } from '../../components/matches/NoticeSlot';
import { useNotice } from '../../components/matches/useNotice';
import { Button, InputField, Loaded } from '../../components/ui';
import { errorMessage } from '../../lib/errors';
import { trpc, type RouterOutputs } from '../../lib/trpc';
import { ActivationCheck, PanelHead, SecretField } from './shared';
import { firstIssue } from '../../../../common/schemas/first-issue';

type TwilioConfig = NonNullable<RouterOutputs['admin']['twilio']['get']>;

function TwilioForm({ config }: { config: TwilioConfig | null }) {
  const utils = trpc.useUtils();
  const save = trpc.admin.twilio.save.useMutation();
  const test = trpc.admin.twilio.test.useMutation({
    onSuccess: () => void utils.admin.twilio.get.invalidate(),
  });
  const notice = useNotice();
  const [accountSid, setAccountSid] = useState(config?.account_sid ?? '');
  const [authToken, setAuthToken] = useState(config?.auth_token ?? '');
  const [phoneNumber, setPhoneNumber] = useState(config?.phone_number ?? '');
  const [isLive, setIsLive] = useState(config?.is_live ?? false);
  const activable = config?.is_verified ?? false;

  const values = () => ({ accountSid, authToken, phoneNumber, isLive });
  const check = () => {
    const error = firstIssue(ZTwilioSaveInput.safeParse(values()))?.message ?? null;
    if (error) notice.error(error);
    return error === null;
  };

  const onTest = () => {
    if (!check()) return;
    // The masked token (as loaded) means "the stored one": leave it out so the server uses it.
    const token = config && authToken === config.auth_token ? undefined : authToken;
    test.mutate(
      { accountSid, authToken: token, phoneNumber },
      {
        onSuccess: (r) =>
          r.success
            ? notice.success(MSG.admin.smsValid)
            : notice.error(r.message || MSG.admin.smsTestFailed),
        onError: (err) => notice.error(errorMessage(err, MSG.admin.smsTestFailed)),
      },
    );
  };

  const onSave = (event: FormEvent) => {
    event.preventDefault();
    if (!check()) return;
    save.mutate(values(), {
      onSuccess: (r) => {
        notice.success(r.message || MSG.admin.smsSaved);
        void utils.admin.twilio.get.invalidate();
      },
      onError: (err) => notice.error(errorMessage(err, MSG.admin.saveFailed)),
    });
  };

  return (
    <form
      className="card admin-form"
      onSubmit={onSave}
      noValidate
      aria-label="Configuration Twilio"
    >
      <div className="admin-form-grid">
        <InputField
          label="Account SID"
          value={accountSid}
          onValueChange={setAccountSid}
          autoComplete="off"
          spellCheck={false}
        />
        <SecretField
          label="Auth Token"
          keepHint={
            config ? 'Laissez la valeur masquée pour conserver le jeton enregistré.' : undefined
          }
          value={authToken}
          onValueChange={setAuthToken}
        />
        <InputField
          label="Numéro de téléphone Twilio"
          hint="Format international, par ex. +33612345678"
          type="tel"
          value={phoneNumber}
          onValueChange={setPhoneNumber}
          autoComplete="off"
        />
      </div>
      <ActivationCheck
        label="Mode production : envoyer réellement les SMS"
        checked={isLive}
        onCheckedChange={setIsLive}
        activable={activable}
        hintId="sms-activation-hint"
      />
      <p className="field-hint" id="sms-activation-hint">
        {MSG.admin.smsActivationHint}
      </p>
      <NoticeSlot notice={notice.notice} onClose={notice.clear} />
      <div className="form-actions">
        <Button variant="secondary" onClick={onTest} loading={test.isPending}>
          Tester
        </Button>
        <Button type="submit" loading={save.isPending}>
          Enregistrer
        </Button>
      </div>
    </form>
  );
}

/** Twilio (SMS): credentials, live switch, Tester and Enregistrer; notices vanish after 5 s. */
export function TwilioTab() {
  const config = trpc.admin.twilio.get.useQuery();
  return (
    <div className="admin-tab-body">
      <PanelHead
        title="Twilio (SMS)"
        lead="Envoi des codes de vérification par SMS. Hors mode production, les SMS sont seulement écrits dans le journal du serveur."
      />
      <Loaded
        query={config}
        loadingLabel="Chargement de la configuration..."
        errorFallback={MSG.admin.configLoadFailed}
      >
        {(data) => <TwilioForm config={data} />}
      </Loaded>
    </div>
  );
}
