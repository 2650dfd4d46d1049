import { countOf } from '../../../../common/plural';
import { useState, type FormEvent } from 'react';
import type { TGroupSlot } from '../../../../common/schemas/groups';
import { ZCreateSlotInput } from '../../../../common/schemas/groups';
import { Button, Field, Notice, TitledCard } from '../../components/ui';
import { errorMessage } from '../../lib/errors';
import { trpc } from '../../lib/trpc';
import { TimeSlots } from '../../components/matches/MatchFormFields';
import { formatLongDate } from '../../lib/format';
import { WEEKDAYS } from '../../../../common/weekdays';
import { LevelSelect, NativeInput, PlaceSelect, PlacesInput, SubmitRow } from './fields';

/** ISO weekday (1 = lundi … 7 = dimanche) of a calendar date. */
const isoWeekday = (date: string) => ((new Date(`${date}T12:00:00Z`).getUTCDay() + 6) % 7) + 1;

/** « Créneaux chaque semaine »: the group's weekly slots; admins add, pause, skip a date, delete. */
export function SlotsCard({
  groupId,
  slots,
  isAdmin,
}: {
  groupId: number;
  slots: TGroupSlot[];
  isAdmin: boolean;
}) {
  const utils = trpc.useUtils();
  const [message, setMessage] = useState<{ kind: 'success' | 'error'; text: string } | null>(null);
  const refresh = () => utils.groups.byId.invalidate({ id: groupId });
  const done = {
    onSuccess: (r: { message: string }) => {
      setMessage({ kind: 'success', text: r.message });
      void refresh();
    },
    onError: (e: unknown) =>
      setMessage({ kind: 'error', text: errorMessage(e, 'Action impossible.') }),
  };
  const update = trpc.groups.updateSlot.useMutation(done);
  const remove = trpc.groups.deleteSlot.useMutation(done);
  const skip = trpc.groups.skipSlotDate.useMutation(done);
  const [skipDates, setSkipDates] = useState<Record<number, string>>({});
  const dates = trpc.matches.schedule.useQuery().data?.createDates ?? [];
  return (
    <TitledCard title="Créneaux chaque semaine">
      {slots.length === 0 ? (
        <p className="muted">Aucun créneau récurrent.</p>
      ) : (
        <ul className="group-list">
          {slots.map((s) => (
            <li key={s.id} className="group-item slot-item">
              <span>
                Chaque {WEEKDAYS[s.weekday - 1]} à {s.time}, {s.place_name} · {s.levels.join(', ')}{' '}
                · {countOf(s.slots, 'place', 'places')} · ouvert {s.days_ahead} j avant
                {s.paused ? ' · en pause' : ''}
                {s.skipped_dates.length > 0 ? ` · sauf le ${s.skipped_dates.join(', ')}` : ''}
              </span>
              {isAdmin && (
                <div className="row slot-actions">
                  <Button
                    variant="secondary"
                    onClick={() => update.mutate({ id: s.id, paused: !s.paused })}
                  >
                    {s.paused ? 'Reprendre' : 'Mettre en pause'}
                  </Button>
                  <Field label="Pas de match le">
                    <select
                      className="select"
                      value={skipDates[s.id] ?? ''}
                      onChange={(e) => setSkipDates((d) => ({ ...d, [s.id]: e.target.value }))}
                    >
                      <option value="">Choisir une date</option>
                      {/* The slot's next days, in French whatever the browser's language. */}
                      {dates
                        .filter((d) => isoWeekday(d) === s.weekday)
                        .slice(0, 8)
                        .map((d) => (
                          <option key={d} value={d}>
                            {formatLongDate(d)}
                          </option>
                        ))}
                    </select>
                  </Field>
                  <Button
                    variant="secondary"
                    disabled={!skipDates[s.id]}
                    onClick={() => skip.mutate({ id: s.id, date: skipDates[s.id] ?? '' })}
                  >
                    Sauter cette date
                  </Button>
                  <Button variant="danger" onClick={() => remove.mutate({ id: s.id })}>
                    Supprimer le créneau
                  </Button>
                </div>
              )}
            </li>
          ))}
        </ul>
      )}
      {message && (
        <Notice kind={message.kind} message={message.text} onClose={() => setMessage(null)} />
      )}
      {isAdmin && <SlotForm groupId={groupId} onDone={() => void refresh()} />}
    </TitledCard>
  );
}

function SlotForm({ groupId, onDone }: { groupId: number; onDone: () => void }) {
  const [weekday, setWeekday] = useState('2');
  const [time, setTime] = useState('19:00');
  const [place, setPlace] = useState('');
  const [level, setLevel] = useState('');
  const [slots, setSlots] = useState('3');
  const [daysAhead, setDaysAhead] = useState('7');
  const times = trpc.matches.schedule.useQuery().data?.createTimes ?? [];
  const [error, setError] = useState<string | null>(null);
  const create = trpc.groups.createSlot.useMutation({
    onSuccess: () => {
      setError(null);
      onDone();
    },
    onError: (e) => setError(errorMessage(e, 'Le créneau n’a pas pu être créé.')),
  });
  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    const parsed = ZCreateSlotInput.safeParse({
      id: groupId,
      weekday: Number(weekday),
      time,
      place_id: Number(place),
      levels: level ? [level] : [],
      slots: Number(slots),
      days_ahead: Number(daysAhead),
    });
    if (!parsed.success) return setError(parsed.error.issues[0]?.message ?? null);
    create.mutate(parsed.data);
  };
  return (
    <form className="stack" onSubmit={onSubmit} noValidate aria-label="Nouveau créneau">
      <h3 className="subsection-title">Nouveau créneau</h3>
      <Field label="Jour">
        <select className="select" value={weekday} onChange={(e) => setWeekday(e.target.value)}>
          {WEEKDAYS.map((d, i) => (
            <option key={d} value={i + 1}>
              {d}
            </option>
          ))}
        </select>
      </Field>
      <TimeSlots options={times} value={time} onChange={setTime} />
      <PlaceSelect value={place} onChange={setPlace} />
      <LevelSelect value={level} onChange={setLevel} />
      <PlacesInput value={slots} onChange={setSlots} />
      <NativeInput
        label="Ouvrir le match (jours avant)"
        type="number"
        min={0}
        max={60}
        value={daysAhead}
        onChange={setDaysAhead}
      />
      <SubmitRow error={error} loading={create.isPending} label="Ajouter le créneau" />
    </form>
  );
}
