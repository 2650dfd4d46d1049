import { MSG } from '../../../../common/messages';
import { type TSaveSettingsInput } from '../../../../common/schemas/admin';
import {
  typedNumber,
  ZSettingsForm,
  type TSettingsForm,
} from '../../../../common/schemas/admin-forms';
import { NoticeSlot } from '../../components/matches/NoticeSlot';
import { useNotice } from '../../components/matches/useNotice';
import { Button, Field, Notice, Spinner } from '../../components/ui';
import { errorMessage } from '../../lib/errors';
import { trpc, type RouterOutputs } from '../../lib/trpc';
import { useFormField, useZodForm, type ZodForm } from '../../lib/zod-form';
import { PanelHead } from './shared';

type Setting = RouterOutputs['admin']['settings']['get'][number];

interface SettingsFormProps {
  settings: readonly Setting[];
  saving?: boolean;
  onSave: (values: TSaveSettingsInput) => void;
}

/** Every setting with its own message (the shared schema's range, an empty field being no number). */
export function SettingsForm({ settings, saving = false, onSave }: SettingsFormProps) {
  const typed = (key: Setting['key']) => String(settings.find((s) => s.key === key)?.value ?? '');
  const form = useZodForm(ZSettingsForm, {
    show: 'each',
    defaultValues: {
      max_places: typed('max_places'),
      max_levels_selection: typed('max_levels_selection'),
      months_ahead: typed('months_ahead'),
    },
  });
  const submit = (values: TSettingsForm) =>
    onSave({
      max_places: typedNumber(values.max_places),
      max_levels_selection: typedNumber(values.max_levels_selection),
      months_ahead: typedNumber(values.months_ahead),
    });

  return (
    <form
      className="card admin-form"
      onSubmit={form.onSubmit(submit)}
      noValidate
      aria-label="Paramètres généraux"
    >
      <div className="admin-form-grid">
        {settings.map((s) => (
          <SettingField key={s.key} form={form} setting={s} />
        ))}
      </div>
      <div className="form-actions">
        <Button type="submit" loading={saving}>
          Enregistrer
        </Button>
      </div>
    </form>
  );
}

function SettingField({ form, setting }: { form: ZodForm<TSettingsForm>; setting: Setting }) {
  const { ref, ...field } = useFormField(form, setting.key);
  return (
    <Field label={setting.description} hint={`Entre 1 et ${setting.max}`} error={field.error}>
      <input
        className="input"
        type="number"
        inputMode="numeric"
        min={1}
        max={setting.max}
        ref={ref}
        value={field.value}
        onChange={(e) => field.onValueChange(e.target.value)}
      />
    </Field>
  );
}

/** General settings: places per match, levels per match, months ahead. */
export function SettingsTab() {
  const utils = trpc.useUtils();
  const query = trpc.admin.settings.get.useQuery();
  const save = trpc.admin.settings.save.useMutation();
  const notice = useNotice();

  return (
    <div className="admin-tab-body">
      <PanelHead title="Paramètres" lead="Les limites appliquées à la création des matchs." />
      <NoticeSlot notice={notice.notice} onClose={notice.clear} />
      {query.isPending ? (
        <Spinner label="Chargement des paramètres..." showLabel />
      ) : query.isError ? (
        <Notice
          kind="error"
          persistent
          message={errorMessage(query.error, MSG.admin.settingsLoadFailed)}
        />
      ) : (
        <SettingsForm
          settings={query.data}
          saving={save.isPending}
          onSave={(values) =>
            save.mutate(values, {
              onSuccess: () => {
                notice.success(MSG.admin.settingsUpdated);
                void utils.admin.settings.get.invalidate();
                void utils.settings.get.invalidate();
                void utils.matches.schedule.invalidate();
              },
              onError: (err) => notice.error(errorMessage(err, MSG.admin.saveFailed)),
            })
          }
        />
      )}
    </div>
  );
}
