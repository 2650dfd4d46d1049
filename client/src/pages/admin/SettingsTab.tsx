import { useState, type FormEvent } from 'react';
import { MSG } from '../../../../common/messages';
import { ZSaveSettingsInput, type TSaveSettingsInput } from '../../../../common/schemas/admin';
import { NoticeSlot } from '../../components/matches/NoticeSlot';
import { useNotice } from '../../components/matches/useNotice';
import { Button, Field, Notice, Spinner } from '../../components/ui';
import { errorMessage } from '../../lib/errors';
import { trpc, type RouterOutputs } from '../../lib/trpc';
import { PanelHead } from './shared';

type Setting = RouterOutputs['admin']['settings']['get'][number];

/** The shared schema's ranges, with every field's own message (an empty field is not a number). */
function validateSettings(settings: readonly Setting[], values: Record<string, string>) {
  const numbers = Object.fromEntries(
    settings.map((s) => [s.key, (values[s.key] ?? '').trim() === '' ? NaN : Number(values[s.key])]),
  );
  const result = ZSaveSettingsInput.safeParse(numbers);
  const errors: Record<string, string> = {};
  for (const issue of result.error?.issues ?? []) errors[String(issue.path[0])] ??= issue.message;
  return { errors, data: result.data };
}

interface SettingsFormProps {
  settings: readonly Setting[];
  saving?: boolean;
  onSave: (values: TSaveSettingsInput) => void;
}

export function SettingsForm({ settings, saving = false, onSave }: SettingsFormProps) {
  const [values, setValues] = useState<Record<string, string>>(() =>
    Object.fromEntries(settings.map((s) => [s.key, String(s.value)])),
  );
  const [errors, setErrors] = useState<Record<string, string>>({});

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const result = validateSettings(settings, values);
    setErrors(result.errors);
    if (result.data) onSave(result.data);
  };

  return (
    <form className="card admin-form" onSubmit={submit} noValidate aria-label="Paramètres généraux">
      <div className="admin-form-grid">
        {settings.map((s) => (
          <Field
            key={s.key}
            label={s.description}
            hint={`Entre 1 et ${s.max}`}
            error={errors[s.key]}
          >
            <input
              className="input"
              type="number"
              inputMode="numeric"
              min={1}
              max={s.max}
              value={values[s.key] ?? ''}
              onChange={(e) => {
                setValues((v) => ({ ...v, [s.key]: e.target.value }));
                setErrors((er) => ({ ...er, [s.key]: '' }));
              }}
            />
          </Field>
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
