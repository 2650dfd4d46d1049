import { countOf, plural } from '../../../../common/plural';
import { useId, type ReactNode, type Ref } from 'react';
import { formatLongDate } from '../../lib/format';
import { Field } from '../ui';
import { DayChipLabel } from './DayChipLabel';
import { levelColour, textOn } from './level-colour';
import { RadioChips } from './RadioChips';
import type { LevelView, PlaceView } from './types';

/** What a form focuses when the group's choice is invalid (react-hook-form's field ref). */
export type FocusRef = (target: { focus: () => void } | null) => void;

interface GroupProps {
  legend: string;
  hint?: ReactNode;
  error?: string | null;
  focusRef?: FocusRef;
  children: ReactNode;
}

/** A labelled group of choice buttons with its hint and error, announced together; its focus goes to its first live button. */
export function ChoiceGroup({ legend, hint, error, focusRef, children }: GroupProps) {
  const id = useId();
  const hintId = hint ? `${id}-hint` : undefined;
  const errorId = error ? `${id}-error` : undefined;
  const describedBy = [hintId, errorId].filter(Boolean).join(' ') || undefined;
  return (
    <fieldset
      className="choice-group"
      aria-describedby={describedBy}
      aria-invalid={error ? true : undefined}
      ref={(group) =>
        focusRef?.(
          group && {
            focus: () => group.querySelector<HTMLElement>('button:not(:disabled)')?.focus(),
          },
        )
      }
    >
      <legend className="choice-legend">{legend}</legend>
      {hint && (
        <p className="choice-hint" id={hintId}>
          {hint}
        </p>
      )}
      {children}
      {error && (
        <p className="field-error" id={errorId} role="alert">
          {error}
        </p>
      )}
    </fieldset>
  );
}

/** A one-of-many field (a day, a time): the options offered, the chosen one, and its error. */
interface ChoiceProps {
  options: readonly string[];
  value: string;
  onChange: (option: string) => void;
  error?: string | null;
  focusRef?: FocusRef;
}

/** One chip per day, scrolling sideways on small screens; one tab stop, arrow keys between days. */
export function DateStrip({
  error,
  focusRef,
  legend = 'Date',
  ...choice
}: ChoiceProps & { legend?: string }) {
  return (
    <ChoiceGroup
      legend={legend}
      error={error}
      focusRef={focusRef}
      hint={choice.value ? formatLongDate(choice.value) : undefined}
    >
      <RadioChips
        label="Jours disponibles"
        className="date-strip"
        chipClassName="date-chip"
        {...choice}
      >
        {(date) => <DayChipLabel date={date} />}
      </RadioChips>
    </ChoiceGroup>
  );
}

export function TimeSlots({
  error,
  focusRef,
  legend = 'Horaire',
  ...choice
}: ChoiceProps & { legend?: string }) {
  return (
    <ChoiceGroup legend={legend} error={error} focusRef={focusRef}>
      <RadioChips
        label="Horaires disponibles"
        className="slot-grid"
        chipClassName="slot-chip"
        {...choice}
      />
    </ChoiceGroup>
  );
}

interface PlacesCountProps {
  max: number;
  value: number;
  onChange: (count: number) => void;
  error?: string | null;
  focusRef?: FocusRef;
}

/** Number of places still to fill: buttons 1..max. */
export function PlacesCount({ max, value, onChange, error, focusRef }: PlacesCountProps) {
  const counts = Array.from({ length: Math.max(1, max) }, (_, i) => i + 1);
  return (
    <ChoiceGroup
      legend="Nombre de places"
      hint="Nombre de joueurs recherchés"
      error={error}
      focusRef={focusRef}
    >
      <div className="count-row">
        {counts.map((n) => (
          <button
            key={n}
            type="button"
            className="count-chip"
            aria-pressed={n === value}
            aria-label={countOf(n, 'place', 'places')}
            onClick={() => onChange(n)}
          >
            {n}
          </button>
        ))}
      </div>
    </ChoiceGroup>
  );
}

interface LevelChipsProps {
  levels: readonly LevelView[];
  selected: readonly string[];
  max: number;
  onChange: (selected: string[]) => void;
  error?: string | null;
  focusRef?: FocusRef;
}

/** Level chips in the level's colour; once `max` are chosen the others are disabled. */
export function LevelChips({ levels, selected, max, onChange, error, focusRef }: LevelChipsProps) {
  const atMax = selected.length >= max;
  const toggle = (niveau: string) => {
    if (selected.includes(niveau)) onChange(selected.filter((l) => l !== niveau));
    else if (!atMax) onChange([...selected, niveau]);
  };
  return (
    <ChoiceGroup
      legend="Niveaux"
      error={error}
      focusRef={focusRef}
      hint={`${selected.length}/${max} ${plural(selected.length, 'sélectionné', 'sélectionnés')} — ${countOf(max, 'niveau', 'niveaux')} au maximum`}
    >
      <div className="level-chips">
        {levels.map((level) => {
          const on = selected.includes(level.niveau);
          const colour = levelColour(level.niveau, levels);
          return (
            <button
              key={level.niveau}
              type="button"
              className="level-chip"
              aria-pressed={on}
              disabled={!on && atMax}
              style={
                on
                  ? {
                      background: colour,
                      borderColor: colour,
                      color: textOn(colour),
                    }
                  : { borderColor: colour }
              }
              onClick={() => toggle(level.niveau)}
            >
              {/* A tick, not only the fill colour, says "chosen" (a pale level colour alone did not). */}
              <span
                className="level-chip-dot"
                style={on ? undefined : { background: colour }}
                aria-hidden="true"
              >
                {on ? '✓' : null}
              </span>
              <span className="level-chip-name">{level.niveau}</span>
              <span className="level-chip-label">{level.label}</span>
            </button>
          );
        })}
      </div>
    </ChoiceGroup>
  );
}

interface PlaceSelectProps {
  places: readonly PlaceView[];
  value: string;
  onChange: (placeId: string) => void;
  error?: string | null;
  selectRef?: Ref<HTMLSelectElement>;
}

/** The place of a match or an evening: « Nom — Ville », none chosen at first. */
export function PlaceSelect({ places, value, onChange, error, selectRef }: PlaceSelectProps) {
  return (
    <Field label="Lieu" error={error}>
      <select
        className="input"
        ref={selectRef}
        value={value}
        onChange={(e) => onChange(e.target.value)}
      >
        <option value="">Choisissez un lieu</option>
        {places.map((place) => (
          <option key={place.id} value={place.id}>
            {place.name} — {place.city}
          </option>
        ))}
      </select>
    </Field>
  );
}
