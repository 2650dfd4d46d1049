import { useState, type FormEvent } from 'react';
import { MSG } from '../../../../common/messages';
import { NoticeSlot } from '../../components/matches/NoticeSlot';
import { useNotice } from '../../components/matches/useNotice';
import { Button, Field, Notice, Spinner } from '../../components/ui';
import { errorMessage } from '../../lib/errors';
import { trpc, type RouterInputs, type RouterOutputs } from '../../lib/trpc';
import { PanelHead } from './shared';

type Setting = RouterOutputs['admin']['settings']['get'][number];
type SettingsInput = RouterInputs['admin']['settings']['save'];

/**
 * Each setting must be an integer from 1 to its max (10, or 12 for months_ahead); otherwise
 * '{description} doit être un nombre entre 1 et {max}.' (spec section 5).
 */
function validateSettings(settings: readonly Setting[], values: Record<string, string>) {
  const errors: Record<string, string> = {};
  const data: Record<string, number> = {};
  for (const s of settings) {
    const raw = (values[s.key] ?? '').trim();
    const n = Number(raw);
    if (raw === '' || !Number.isInteger(n) || n < 1 || n > s.max) errors[s.key] = MSG.admin.settingRange(s.description, s.max);
    else data[s.key] = n;
  }
  return { errors, data };
}

interface SettingsFormProps {
  settings: readonly Setting[];
  saving?: boolean;
  onSave: (values: SettingsInput) => void;
}

export function SettingsForm({ settings, saving = false, onSave }: SettingsFormProps) {
  const [values, setValues] = useState<Record<string, string>>(() => Object.fromEntries(settings.map((s) => [s.key, String(s.value)])));
  const [errors, setErrors] = useState<Record<string, string>>({});

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const result = validateSettings(settings, values);
    setErrors(result.errors);
    if (Object.keys(result.errors).length > 0) return;
    onSave(result.data as SettingsInput);
  };

  return (
    <form className="card admin-form" onSubmit={submit} noValidate aria-label="Paramètres généraux">
      <div className="admin-form-grid">
        {settings.map((s) => (
          <Field key={s.key} label={s.description} hint={`Entre 1 et ${s.max}`} error={errors[s.key]}>
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
        <Notice kind="error" persistent message={errorMessage(query.error, MSG.admin.settingsLoadFailed)} />
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
