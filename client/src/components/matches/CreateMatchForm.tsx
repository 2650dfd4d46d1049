import { useState, type FormEvent } from 'react';
import { MSG } from '../../../../common/messages';
import { Button, Field, Notice } from '../ui';
import { hasErrors, toggleLevel, validateMatchDraft, type DraftErrors, type DraftLimits, type MatchDraft } from './match-draft';
import { DateStrip, LevelChips, PlacesCount, TimeSlots } from './MatchFormFields';
import type { LevelView, PlaceView } from './types';

export interface CreateMatchFormProps {
  places: readonly PlaceView[];
  levels: readonly LevelView[];
  dates: readonly string[];
  times: readonly string[];
  limits: DraftLimits;
  /** Today's local date and time, to grey out the slots already past today. */
  today?: string;
  now?: string;
  submitting?: boolean;
  error?: string | null;
  onDismissError?: () => void;
  onSubmit: (draft: MatchDraft) => void;
  onCancel: () => void;
}

/** Create match (spec section 2): place, day strip, time slots, number of places, level chips. */
export function CreateMatchForm(props: CreateMatchFormProps) {
  const { places, levels, dates, times, limits, today, now, submitting = false, error, onDismissError, onSubmit, onCancel } = props;
  const [draft, setDraft] = useState<MatchDraft>(() => ({
    placeId: places.length === 1 && places[0] ? String(places[0].id) : '',
    date: '',
    time: '',
    levels: [],
    slots: Math.min(3, limits.maxPlaces),
  }));
  const [errors, setErrors] = useState<DraftErrors>({});
  const noPlaces = places.length === 0;

  const update = <K extends keyof MatchDraft>(key: K, value: MatchDraft[K]) => {
    setDraft((d) => ({ ...d, [key]: value }));
    setErrors((e) => ({ ...e, [key]: undefined }));
  };

  const pastToday = (time: string) => draft.date !== '' && draft.date === today && now !== undefined && time <= now;
  const offeredTimes = times.filter((t) => !pastToday(t));

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const found = validateMatchDraft(draft, limits);
    if (draft.time && pastToday(draft.time)) found.time = MSG.match.timePast;
    setErrors(found);
    if (!hasErrors(found)) onSubmit(draft);
  };

  return (
    <form className="card match-form" onSubmit={submit} noValidate>
      {noPlaces ? (
        <Notice kind="info" persistent message={MSG.match.noPlaces} />
      ) : (
        <Field label="Lieu" error={errors.placeId}>
          <select className="input" value={draft.placeId} onChange={(e) => update('placeId', e.target.value)}>
            <option value="">Choisissez un lieu</option>
            {places.map((place) => (
              <option key={place.id} value={place.id}>
                {place.name} — {place.city}
              </option>
            ))}
          </select>
        </Field>
      )}

      <DateStrip
        options={dates}
        value={draft.date}
        error={errors.date}
        onChange={(date) => {
          update('date', date);
          if (draft.time && date === today && now !== undefined && draft.time <= now) update('time', '');
        }}
      />
      <TimeSlots options={offeredTimes} value={draft.time} error={errors.time} onChange={(time) => update('time', time)} />
      <PlacesCount max={limits.maxPlaces} value={draft.slots} error={errors.slots} onChange={(n) => update('slots', n)} />
      <LevelChips
        levels={levels}
        selected={draft.levels}
        max={limits.maxLevels}
        error={errors.levels}
        onToggle={(niveau) => update('levels', toggleLevel(draft.levels, niveau, limits.maxLevels))}
      />

      {error && <Notice kind="error" message={error} onClose={onDismissError} persistent />}

      <div className="form-actions">
        <Button variant="secondary" onClick={onCancel}>
          Annuler
        </Button>
        <Button type="submit" loading={submitting} disabled={noPlaces}>
          Créer le match
        </Button>
      </div>
    </form>
  );
}
