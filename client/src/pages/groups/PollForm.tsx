import { useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router-dom';
import { ZCreatePollInput } from '../../../../common/schemas/groups';
import { Button } from '../../components/ui';
import { errorMessage } from '../../lib/errors';
import { trpc } from '../../lib/trpc';
import { zonedInstant } from '../../../../common/schedule';
import { DayAndTime, NativeInput, PlaceSelect, SubmitRow } from './fields';

type Row = { place: string; date: string; time: string };
const emptyRow = (): Row => ({ place: '', date: '', time: '19:00' });

/** « Nouveau sondage »: 2 to 5 candidate slots, a closing time and how many « oui » make the match. */
export function PollForm({ groupId }: { groupId: number }) {
  const navigate = useNavigate();
  const [rows, setRows] = useState<Row[]>([emptyRow(), emptyRow()]);
  const [closesDate, setClosesDate] = useState('');
  const [closesTime, setClosesTime] = useState('20:00');
  const schedule = trpc.matches.schedule.useQuery();
  const [size, setSize] = useState('4');
  const [error, setError] = useState<string | null>(null);
  const create = trpc.groups.createPoll.useMutation({
    onSuccess: (p) => void navigate(`/polls/${p.id}`),
    onError: (e) => setError(errorMessage(e, 'Le sondage n’a pas pu être créé.')),
  });
  const setRow = (i: number, patch: Partial<Row>) =>
    setRows((rs) => rs.map((r, j) => (j === i ? { ...r, ...patch } : r)));
  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    // The closing day and time are local to the app's zone, like the slots.
    const zone = schedule.data?.timezone;
    const closes = closesDate && zone ? zonedInstant(closesDate, closesTime, zone) : null;
    const parsed = ZCreatePollInput.safeParse({
      id: groupId,
      slots: rows.map((r) => ({ place_id: Number(r.place), date: r.date, time: r.time })),
      closes_at: closes && !Number.isNaN(closes.getTime()) ? closes.toISOString() : '',
      size: Number(size),
    });
    if (!parsed.success) return setError(parsed.error.issues[0]?.message ?? null);
    setError(null);
    create.mutate(parsed.data);
  };
  return (
    <form className="stack" onSubmit={onSubmit} noValidate aria-label="Nouveau sondage">
      {rows.map((r, i) => (
        <fieldset key={i} className="poll-row">
          <legend>Créneau {i + 1}</legend>
          <PlaceSelect value={r.place} onChange={(place) => setRow(i, { place })} />
          <DayAndTime
            date={r.date}
            time={r.time}
            onDate={(date) => setRow(i, { date })}
            onTime={(time) => setRow(i, { time })}
          />
          {rows.length > 2 && (
            <Button variant="ghost" onClick={() => setRows((rs) => rs.filter((_, j) => j !== i))}>
              Retirer le créneau {i + 1}
            </Button>
          )}
        </fieldset>
      ))}
      {rows.length < 5 && (
        <Button variant="secondary" onClick={() => setRows((rs) => [...rs, emptyRow()])}>
          Ajouter un créneau
        </Button>
      )}
      <fieldset className="poll-row">
        <legend>Clôture du sondage</legend>
        <DayAndTime
          date={closesDate}
          time={closesTime}
          onDate={setClosesDate}
          onTime={setClosesTime}
          dateLegend="Jour de clôture"
          timeLegend="Heure de clôture"
        />
      </fieldset>
      <NativeInput
        label="« Oui » nécessaires pour faire le match"
        type="number"
        min={2}
        max={20}
        value={size}
        onChange={setSize}
      />
      <SubmitRow error={error} loading={create.isPending} label="Lancer le sondage" />
    </form>
  );
}
