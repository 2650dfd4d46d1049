import type { ReactNode } from 'react';
import { DateStrip, TimeSlots } from '../../components/matches/MatchFormFields';
import { Button, Field, Notice } from '../../components/ui';
import { trpc } from '../../lib/trpc';

/** A labelled select of active places. */
export function PlaceSelect({
  label = 'Lieu',
  value,
  onChange,
}: {
  label?: ReactNode;
  value: string;
  onChange: (v: string) => void;
}) {
  const places = trpc.places.list.useQuery();
  return (
    <Field label={label}>
      <select className="select" value={value} onChange={(e) => onChange(e.target.value)}>
        <option value="">Choisir un lieu</option>
        {(places.data ?? []).map((p) => (
          <option key={p.id} value={p.id}>
            {p.name} ({p.city})
          </option>
        ))}
      </select>
    </Field>
  );
}

/** A labelled select of levels (one level: a group plays at its level). */
export function LevelSelect({ value, onChange }: { value: string; onChange: (v: string) => void }) {
  const levels = trpc.levels.list.useQuery();
  return (
    <Field label="Niveau">
      <select className="select" value={value} onChange={(e) => onChange(e.target.value)}>
        <option value="">Choisir un niveau</option>
        {(levels.data ?? []).map((l) => (
          <option key={l.id} value={l.niveau}>
            {l.niveau} – {l.label}
          </option>
        ))}
      </select>
    </Field>
  );
}

/** A labelled native input (date, time, datetime-local, number). */
export function NativeInput({
  label,
  type,
  value,
  onChange,
  min,
  max,
}: {
  label: ReactNode;
  type: 'date' | 'time' | 'datetime-local' | 'number';
  value: string;
  onChange: (v: string) => void;
  min?: number | string;
  max?: number | string;
}) {
  return (
    <Field label={label}>
      <input
        className="input"
        type={type}
        value={value}
        min={min}
        max={max}
        step={type === 'time' ? 1800 : undefined}
        onChange={(e) => onChange(e.target.value)}
      />
    </Field>
  );
}

const DAY = new Intl.DateTimeFormat('fr-FR', {
  weekday: 'long',
  day: 'numeric',
  month: 'long',
  timeZone: 'UTC',
});
/** "samedi 13 juin à 10:00". */
export const whenLabel = (date: string, time: string) =>
  `${DAY.format(new Date(`${date}T12:00:00Z`))} à ${time}`;

/** « Places à pourvoir »: places to fill besides the organiser. */
export function PlacesInput({ value, onChange }: { value: string; onChange: (v: string) => void }) {
  return (
    <NativeInput
      label="Places à pourvoir"
      type="number"
      min={1}
      max={10}
      value={value}
      onChange={onChange}
    />
  );
}

/** The end of every groups form: its error, then its submit button. */
export function SubmitRow({
  error,
  loading,
  label,
}: {
  error: string | null;
  loading: boolean;
  label: string;
}) {
  return (
    <>
      {error && <Notice kind="error" message={error} persistent />}
      <div className="form-actions">
        <Button type="submit" loading={loading}>
          {label}
        </Button>
      </div>
    </>
  );
}

/**
 * A day and a time chosen as on « Créer un match »: the day strip and the time slots the server
 * offers (`matches.schedule`), never the browser's own date and time inputs (which follow the
 * browser's language: « mm/dd/yyyy », « 07:00 PM »).
 */
export function DayAndTime({
  date,
  time,
  onDate,
  onTime,
  dateLegend,
  timeLegend,
}: {
  date: string;
  time: string;
  onDate: (v: string) => void;
  onTime: (v: string) => void;
  dateLegend?: string;
  timeLegend?: string;
}) {
  const schedule = trpc.matches.schedule.useQuery();
  return (
    <>
      <DateStrip
        legend={dateLegend}
        options={schedule.data?.createDates ?? []}
        value={date}
        onChange={onDate}
      />
      <TimeSlots
        legend={timeLegend}
        options={schedule.data?.createTimes ?? []}
        value={time}
        onChange={onTime}
      />
    </>
  );
}
