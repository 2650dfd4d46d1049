import { useId, useState, type FormEvent } from 'react';
import { WANT_UI } from '../../../../common/messages-wants';
import { ZWantInput } from '../../../../common/schemas/wants';
import { WEEKDAYS } from '../../../../common/weekdays';
import { Button, CheckField, Notice } from '../../components/ui';
import { errorMessage } from '../../lib/errors';
import { trpc } from '../../lib/trpc';

/** Every half hour from 06:00 to 23:30: padel is played from morning to late evening. */
const TIMES = Array.from({ length: 36 }, (_, i) => {
  const minutes = 360 + i * 30;
  return `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${minutes % 60 === 0 ? '00' : '30'}`;
});

/**
 * A new « Je veux jouer » alert: days, a time window, places, a level (the player's own by
 * default). Checked by the server's own schema before sending; the server's refusal is shown as is.
 */
export function WantForm({ onSaved }: { onSaved: (message: string) => void }) {
  const id = useId();
  const places = trpc.places.list.useQuery();
  const levels = trpc.levels.list.useQuery();
  const utils = trpc.useUtils();
  const [days, setDays] = useState<number[]>([]);
  const [from, setFrom] = useState('18:00');
  const [to, setTo] = useState('21:00');
  const [placeIds, setPlaceIds] = useState<number[]>([]);
  const [level, setLevel] = useState('');
  const [error, setError] = useState<string | null>(null);
  const create = trpc.wants.create.useMutation({
    onSuccess: (r) => {
      void utils.wants.list.invalidate();
      setDays([]);
      setPlaceIds([]);
      onSaved(r.message);
    },
    onError: (e) => setError(errorMessage(e, WANT_UI.actionFailed)),
  });
  const toggle = (list: number[], value: number) =>
    list.includes(value) ? list.filter((v) => v !== value) : [...list, value];
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = ZWantInput.safeParse({
      weekdays: days,
      from,
      to,
      place_ids: placeIds,
      level: level || null,
    });
    if (!parsed.success) return setError(parsed.error.issues[0]?.message ?? WANT_UI.actionFailed);
    setError(null);
    create.mutate(parsed.data);
  };
  return (
    <form className="stack want-form" onSubmit={submit} noValidate aria-label={WANT_UI.add}>
      <fieldset className="choice-group">
        <legend className="choice-legend">{WANT_UI.weekdaysLabel}</legend>
        <div className="want-days">
          {WEEKDAYS.map((day, i) => (
            <button
              key={day}
              type="button"
              className="chip want-day"
              aria-pressed={days.includes(i + 1)}
              onClick={() => setDays((d) => toggle(d, i + 1))}
            >
              {/* « lun » on the chip, « lundi » read out. */}
              <span aria-hidden="true">{day.slice(0, 3)}</span>
              <span className="visually-hidden">{day}</span>
            </button>
          ))}
        </div>
      </fieldset>
      <div className="want-window">
        <div className="field">
          <label className="field-label" htmlFor={`${id}-from`}>
            {WANT_UI.fromLabel}
          </label>
          <select
            id={`${id}-from`}
            className="input"
            value={from}
            onChange={(e) => setFrom(e.target.value)}
          >
            {TIMES.map((t) => (
              <option key={t}>{t}</option>
            ))}
          </select>
        </div>
        <div className="field">
          <label className="field-label" htmlFor={`${id}-to`}>
            {WANT_UI.toLabel}
          </label>
          <select
            id={`${id}-to`}
            className="input"
            value={to}
            onChange={(e) => setTo(e.target.value)}
          >
            {TIMES.map((t) => (
              <option key={t}>{t}</option>
            ))}
          </select>
        </div>
      </div>
      <fieldset className="choice-group">
        <legend className="choice-legend">{WANT_UI.placesLabel}</legend>
        {(places.data ?? []).map((p) => (
          <CheckField
            key={p.id}
            label={`${p.name} — ${p.city}`}
            checked={placeIds.includes(p.id)}
            onCheckedChange={() => setPlaceIds((ids) => toggle(ids, p.id))}
          />
        ))}
      </fieldset>
      <div className="field">
        <label className="field-label" htmlFor={`${id}-level`}>
          {WANT_UI.levelLabel}
        </label>
        <select
          id={`${id}-level`}
          className="input"
          value={level}
          onChange={(e) => setLevel(e.target.value)}
        >
          <option value="">{WANT_UI.levelMine}</option>
          {(levels.data ?? []).map((l) => (
            <option key={l.niveau} value={l.niveau}>
              {l.niveau} — {l.label}
            </option>
          ))}
        </select>
      </div>
      {error && <Notice kind="error" message={error} onClose={() => setError(null)} persistent />}
      <Button type="submit" loading={create.isPending}>
        {WANT_UI.save}
      </Button>
    </form>
  );
}
