import { useId, type ReactNode } from 'react';
import { dayParts, formatLongDate } from '../../lib/format';
import { levelColour, textOn } from './level-colour';
import type { LevelView } from './types';

interface GroupProps {
  legend: string;
  hint?: ReactNode;
  error?: string;
  children: ReactNode;
}

/** A labelled group of choice buttons with its hint and error, announced together. */
function ChoiceGroup({ legend, hint, error, children }: GroupProps) {
  const id = useId();
  const hintId = hint ? `${id}-hint` : undefined;
  const errorId = error ? `${id}-error` : undefined;
  const describedBy = [hintId, errorId].filter(Boolean).join(' ') || undefined;
  return (
    <fieldset className="choice-group" aria-describedby={describedBy} aria-invalid={error ? true : undefined}>
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

interface DateStripProps {
  dates: readonly string[];
  value: string;
  onChange: (date: string) => void;
  error?: string;
}

/** One button per day, scrolling sideways on small screens. */
export function DateStrip({ dates, value, onChange, error }: DateStripProps) {
  return (
    <ChoiceGroup legend="Date" error={error} hint={value ? formatLongDate(value) : undefined}>
      <div className="date-strip" role="group" aria-label="Jours disponibles">
        {dates.map((date) => {
          const parts = dayParts(date);
          const selected = date === value;
          return (
            <button key={date} type="button" className="date-chip" aria-pressed={selected} onClick={() => onChange(date)}>
              {/* The long date is the accessible name; the short visible parts are hidden from it
                  (an aria-label that does not contain the visible text fails WCAG 2.5.3). */}
              <span className="visually-hidden">{formatLongDate(date)}</span>
              <span className="date-chip-weekday" aria-hidden="true">
                {parts.weekday}
              </span>
              <span className="date-chip-day" aria-hidden="true">
                {parts.day}
              </span>
              <span className="date-chip-month" aria-hidden="true">
                {parts.month}
              </span>
            </button>
          );
        })}
      </div>
    </ChoiceGroup>
  );
}

interface TimeSlotsProps {
  times: readonly string[];
  value: string;
  onChange: (time: string) => void;
  error?: string;
}

export function TimeSlots({ times, value, onChange, error }: TimeSlotsProps) {
  return (
    <ChoiceGroup legend="Horaire" error={error}>
      <div className="slot-grid">
        {times.map((time) => (
          <button key={time} type="button" className="slot-chip" aria-pressed={time === value} onClick={() => onChange(time)}>
            {time}
          </button>
        ))}
      </div>
    </ChoiceGroup>
  );
}

interface PlacesCountProps {
  max: number;
  value: number;
  onChange: (count: number) => void;
  error?: string;
}

/** Number of places still to fill: buttons 1..max. */
export function PlacesCount({ max, value, onChange, error }: PlacesCountProps) {
  const counts = Array.from({ length: Math.max(1, max) }, (_, i) => i + 1);
  return (
    <ChoiceGroup legend="Nombre de places" hint="Nombre de joueurs recherchés" error={error}>
      <div className="count-row">
        {counts.map((n) => (
          <button
            key={n}
            type="button"
            className="count-chip"
            aria-pressed={n === value}
            aria-label={`${n} place${n > 1 ? 's' : ''}`}
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
  onToggle: (niveau: string) => void;
  error?: string;
}

/** Level chips in the level's colour; once `max` are chosen the others are disabled. */
export function LevelChips({ levels, selected, max, onToggle, error }: LevelChipsProps) {
  const atMax = selected.length >= max;
  return (
    <ChoiceGroup
      legend="Niveaux"
      error={error}
      hint={`${selected.length}/${max} sélectionné${selected.length > 1 ? 's' : ''} — ${max} niveau${max > 1 ? 'x' : ''} au maximum`}
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
              onClick={() => onToggle(level.niveau)}
            >
              <span className="level-chip-dot" style={{ background: colour }} aria-hidden="true" />
              <span className="level-chip-name">{level.niveau}</span>
              <span className="level-chip-label">{level.label}</span>
            </button>
          );
        })}
      </div>
    </ChoiceGroup>
  );
}
