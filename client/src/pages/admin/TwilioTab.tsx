import { MSG } from '../../../../common/messages';
import { ZTwilioSaveInput, type TTwilioTestInput } from '../../../../common/schemas/admin';
import { Button, InputField } from '../../components/ui';
import { trpc, type RouterOutputs } from '../../lib/trpc';
import { useFormField, useZodForm } from '../../lib/zod-form';
import { ProviderForm, ProviderTab, useProviderNotice } from './provider';
import { ActivationCheck, bound, SecretField } from './shared';

type TwilioConfig = NonNullable<RouterOutputs['admin']['twilio']['get']>;

function TwilioForm({ config }: { config: TwilioConfig | null }) {
  const utils = trpc.useUtils();
  const save = trpc.admin.twilio.save.useMutation();
  const test = trpc.admin.twilio.test.useMutation();
  const form = useZodForm(ZTwilioSaveInput, {
    defaultValues: {
      accountSid: config?.account_sid ?? '',
      // The stored token comes back masked; left so, it keeps the stored one.
      authToken: config?.auth_token ?? '',
      phoneNumber: config?.phone_number ?? '',
      isLive: config?.is_live ?? false,
    },
  });
  const accountSid = useFormField(form, 'accountSid');
  const authToken = useFormField(form, 'authToken');
  const phoneNumber = useFormField(form, 'phoneNumber');
  const isLive = useFormField(form, 'isLive');
  const toast = useProviderNotice(form, () => void utils.admin.twilio.get.invalidate());

  const onTest = ({ accountSid, authToken, phoneNumber }: TTwilioTestInput) =>
    test.mutate(
      {
        accountSid,
        // The masked token (as loaded) means "the stored one": leave it out so the server uses it.
        authToken: config && authToken === config.auth_token ? undefined : authToken,
        phoneNumber,
      },
      toast.testHandlers(() => MSG.admin.smsValid, MSG.admin.smsTestFailed),
    );

  return (
    <ProviderForm
      label="Configuration Twilio"
      onSubmit={form.onSubmit((values) =>
        save.mutate(values, toast.saveHandlers(MSG.admin.smsSaved)),
      )}
      saving={save.isPending}
      slot={toast.slot}
      extraAction={
        <Button variant="secondary" onClick={form.onSubmit(onTest)} loading={test.isPending}>
          Tester
        </Button>
      }
    >
      <div className="admin-form-grid">
        <InputField
          label="Account SID"
          {...bound(accountSid)}
          autoComplete="off"
          spellCheck={false}
        />
        <SecretField
          label="Auth Token"
          keepHint={
            config ? 'Laissez la valeur masquée pour conserver le jeton enregistré.' : undefined
          }
          {...bound(authToken)}
        />
        <InputField
          label="Numéro de téléphone Twilio"
          hint="Format international, par ex. +33612345678"
          type="tel"
          {...bound(phoneNumber)}
          autoComplete="off"
        />
      </div>
      <ActivationCheck
        label="Mode production : envoyer réellement les SMS"
        checked={isLive.value ?? false}
        onCheckedChange={isLive.onValueChange}
        activable={config?.is_verified ?? false}
        hintId="sms-activation-hint"
      />
      <p className="field-hint" id="sms-activation-hint">
        {MSG.admin.smsActivationHint}
      </p>
    </ProviderForm>
  );
}

/** Twilio (SMS): credentials, live switch, Tester and Enregistrer; notices vanish after 5 s. */
export function TwilioTab() {
  const config = trpc.admin.twilio.get.useQuery();
  return (
    <ProviderTab
      title="Twilio (SMS)"
      lead="Envoi des codes de vérification par SMS. Hors mode production, les SMS sont seulement écrits dans le journal du serveur."
      query={config}
    >
      {(data) => <TwilioForm config={data} />}
    </ProviderTab>
  );
}
