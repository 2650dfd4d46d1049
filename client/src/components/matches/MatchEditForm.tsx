import type { ReactNode, Ref } from 'react';
import { EDIT_MATCH_MAX_LEVELS } from '../../../../common/limits';
import { matchDraftSchema, type TMatchDraft } from '../../../../common/schemas/matches';
import { formatLongDate, formatTime } from '../../lib/format';
import { useFormField, useZodForm } from '../../lib/zod-form';
import { Button, Field, Notice } from '../ui';
import { LevelChips } from './MatchFormFields';
import type { LevelView, PlaceView, PlainMatchView } from './types';

export interface MatchEditFormProps {
  match: PlainMatchView;
  places: readonly PlaceView[];
  levels: readonly LevelView[];
  /** The next 30 days and the 08:00–21:30 slots (spec section 5, edit match). */
  dates: readonly string[];
  times: readonly string[];
  maxPlaces: number;
  saving?: boolean;
  error?: string | null;
  onDismissError?: () => void;
  onSave: (draft: TMatchDraft) => void;
  onCancel: () => void;
  /** More fields, after the spec's (the match room's: visibility, reserved seats). */
  children?: ReactNode;
}

interface OfferedSelectProps {
  label: string;
  error?: string | null;
  placeholder: string;
  offered: readonly string[];
  /** The match's stored value: it stays offered even when it is outside today's list. */
  current: string;
  value: string;
  onChange: (value: string) => void;
  show?: (value: string) => string;
  selectRef?: Ref<HTMLSelectElement>;
}

/** A select of today's offered dates or times, after a placeholder. */
function OfferedSelect({
  label,
  error,
  placeholder,
  offered,
  current,
  value,
  onChange,
  show = (v) => v,
  selectRef,
}: OfferedSelectProps) {
  const options = current && !offered.includes(current) ? [current, ...offered] : offered;
  return (
    <Field label={label} error={error}>
      <select
        className="input"
        ref={selectRef}
        value={value}
        onChange={(e) => onChange(e.target.value)}
      >
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
  const {
    match,
    places,
    levels,
    dates,
    times,
    maxPlaces,
    saving = false,
    error,
    onDismissError,
    onSave,
    onCancel,
  } = props;
  const joined = match.slots - match.missing_players;
  const slotMax = Math.max(maxPlaces, match.slots);
  const slotOptions = Array.from({ length: slotMax }, (_, i) => i + 1).filter(
    (n) => n >= Math.max(1, joined),
  );
  const placeOptions = places.some((p) => p.id === match.place_id)
    ? places
    : [
        { id: match.place_id, name: match.place_name, address: match.address, city: match.city },
        ...places,
      ];

  const form = useZodForm(
    matchDraftSchema({ maxLevels: EDIT_MATCH_MAX_LEVELS, maxPlaces: slotMax }),
    {
      show: 'each',
      defaultValues: {
        placeId: String(match.place_id),
        date: match.date,
        time: formatTime(match.time),
        levels: match.levels.slice(0, EDIT_MATCH_MAX_LEVELS),
        slots: match.slots,
      },
    },
  );
  const { ref: placeRef, ...place } = useFormField(form, 'placeId');
  const { ref: dateRef, ...date } = useFormField(form, 'date');
  const { ref: timeRef, ...time } = useFormField(form, 'time');
  const { ref: slotsRef, ...slots } = useFormField(form, 'slots');
  const chosen = useFormField(form, 'levels');

  return (
    <form
      className="match-edit"
      onSubmit={form.onSubmit(onSave)}
      noValidate
      aria-label="Modifier le match"
    >
      <div className="match-edit-grid">
        <Field label="Lieu" error={place.error}>
          <select
            className="input"
            ref={placeRef}
            value={place.value}
            onChange={(e) => place.onValueChange(e.target.value)}
          >
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
          error={date.error}
          placeholder="Choisissez une date"
          offered={dates}
          current={match.date}
          value={date.value}
          selectRef={dateRef}
          onChange={date.onValueChange}
          show={formatLongDate}
        />
        <OfferedSelect
          label="Horaire"
          error={time.error}
          placeholder="Choisissez un horaire"
          offered={times}
          current={formatTime(match.time)}
          value={time.value}
          selectRef={timeRef}
          onChange={time.onValueChange}
        />
        <Field label="Nombre de places" error={slots.error}>
          <select
            className="input"
            ref={slotsRef}
            value={slots.value}
            onChange={(e) => slots.onValueChange(Number(e.target.value))}
          >
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
        selected={chosen.value}
        max={EDIT_MATCH_MAX_LEVELS}
        error={chosen.error}
        focusRef={chosen.ref}
        onChange={chosen.onValueChange}
      />
      {props.children}
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
