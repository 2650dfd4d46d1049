import { useState, type FormEvent } from 'react';
import { EDIT_MATCH_MAX_LEVELS } from '../../../../common/limits';
import { formatLongDate, formatTime } from '../../lib/format';
import { Button, Field, Notice } from '../ui';
import { hasErrors, toggleLevel, validateMatchDraft, type DraftErrors, type MatchDraft } from './match-draft';
import { LevelChips } from './MatchFormFields';
import type { LevelView, MatchView, PlaceView } from './types';

export interface MatchEditFormProps {
  match: MatchView;
  places: readonly PlaceView[];
  levels: readonly LevelView[];
  /** The next 30 days and the 08:00–21:30 slots (spec section 5, edit match). */
  dates: readonly string[];
  times: readonly string[];
  maxPlaces: number;
  saving?: boolean;
  error?: string | null;
  onDismissError?: () => void;
  onSave: (draft: MatchDraft) => void;
  onCancel: () => void;
}

interface OfferedSelectProps {
  label: string;
  error?: string;
  placeholder: string;
  offered: readonly string[];
  /** The match's stored value: it stays offered even when it is outside today's list. */
  current: string;
  value: string;
  onChange: (value: string) => void;
  show?: (value: string) => string;
}

/** A select of today's offered dates or times, after a placeholder. */
function OfferedSelect({ label, error, placeholder, offered, current, value, onChange, show = (v) => v }: OfferedSelectProps) {
  const options = current && !offered.includes(current) ? [current, ...offered] : offered;
  return (
    <Field label={label} error={error}>
      <select className="input" value={value} onChange={(e) => onChange(e.target.value)}>
        <option value="">{placeholder}</option>
        {options.map((option) => (
          <option key={option} value={option}>
            {show(option)}
          </option>
        ))}
      </select>
    </Field>
  );
}

/** The creator's inline edit form: place, date, time, up to 3 levels, number of places. */
export function MatchEditForm(props: MatchEditFormProps) {
  const { match, places, levels, dates, times, maxPlaces, saving = false, error, onDismissError, onSave, onCancel } = props;
  const [draft, setDraft] = useState<MatchDraft>(() => ({
    placeId: String(match.place_id),
    date: match.date,
    time: formatTime(match.time),
    levels: match.levels.slice(0, EDIT_MATCH_MAX_LEVELS),
    slots: match.slots,
  }));
  const [errors, setErrors] = useState<DraftErrors>({});
  const joined = match.slots - match.missing_players;
  const slotMax = Math.max(maxPlaces, match.slots);
  const slotOptions = Array.from({ length: slotMax }, (_, i) => i + 1).filter((n) => n >= Math.max(1, joined));
  const placeOptions = places.some((p) => p.id === match.place_id)
    ? places
    : [{ id: match.place_id, name: match.place_name, address: match.address, city: match.city }, ...places];

  const update = <K extends keyof MatchDraft>(key: K, value: MatchDraft[K]) => {
    setDraft((d) => ({ ...d, [key]: value }));
    setErrors((e) => ({ ...e, [key]: undefined }));
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const found = validateMatchDraft(draft, { maxLevels: EDIT_MATCH_MAX_LEVELS, maxPlaces: slotMax });
    setErrors(found);
    if (!hasErrors(found)) onSave(draft);
  };

  return (
    <form className="match-edit" onSubmit={submit} noValidate aria-label="Modifier le match">
      <div className="match-edit-grid">
        <Field label="Lieu" error={errors.placeId}>
          <select className="input" value={draft.placeId} onChange={(e) => update('placeId', e.target.value)}>
            <option value="">Choisissez un lieu</option>
            {placeOptions.map((place) => (
              <option key={place.id} value={place.id}>
                {place.name} — {place.city}
              </option>
            ))}
          </select>
        </Field>
        <OfferedSelect
          label="Date"
          error={errors.date}
          placeholder="Choisissez une date"
          offered={dates}
          current={match.date}
          value={draft.date}
          onChange={(date) => update('date', date)}
          show={formatLongDate}
        />
        <OfferedSelect
          label="Horaire"
          error={errors.time}
          placeholder="Choisissez un horaire"
          offered={times}
          current={formatTime(match.time)}
          value={draft.time}
          onChange={(time) => update('time', time)}
        />
        <Field label="Nombre de places" error={errors.slots}>
          <select className="input" value={draft.slots} onChange={(e) => update('slots', Number(e.target.value))}>
            {slotOptions.map((n) => (
              <option key={n} value={n}>
                {n}
              </option>
            ))}
          </select>
        </Field>
      </div>
      <LevelChips
        levels={levels}
        selected={draft.levels}
        max={EDIT_MATCH_MAX_LEVELS}
        error={errors.levels}
        onToggle={(niveau) => update('levels', toggleLevel(draft.levels, niveau, EDIT_MATCH_MAX_LEVELS))}
      />
      {error && <Notice kind="error" persistent message={error} onClose={onDismissError} />}
      <div className="form-actions">
        <Button variant="secondary" onClick={onCancel}>
          Annuler
        </Button>
        <Button type="submit" loading={saving}>
          Enregistrer
        </Button>
      </div>
    </form>
  );
}
