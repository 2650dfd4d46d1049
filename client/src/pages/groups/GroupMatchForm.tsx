import { useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router-dom';
import { ZGroupMatchInput } from '../../../../common/schemas/groups';
import { CheckField } from '../../components/ui';
import { errorMessage } from '../../lib/errors';
import { trpc } from '../../lib/trpc';
import { DayAndTime, LevelSelect, PlaceSelect, PlacesInput, SubmitRow } from './fields';

/** « Match pour le groupe »: members are told first; public after the priority window, or never. */
export function GroupMatchForm({
  groupId,
  priorityHours,
}: {
  groupId: number;
  priorityHours: number;
}) {
  const navigate = useNavigate();
  const [place, setPlace] = useState('');
  const [date, setDate] = useState('');
  const [time, setTime] = useState('19:00');
  const [level, setLevel] = useState('');
  const [slots, setSlots] = useState('3');
  const [groupOnly, setGroupOnly] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const create = trpc.groups.createMatch.useMutation({
    onSuccess: (m) => void navigate(`/matches/${m.id}`),
    onError: (e) => setError(errorMessage(e, 'Le match n’a pas pu être créé.')),
  });
  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    const parsed = ZGroupMatchInput.safeParse({
      id: groupId,
      place_id: Number(place),
      date,
      time,
      levels: level ? [level] : [],
      slots: Number(slots),
      group_only: groupOnly,
    });
    if (!parsed.success) return setError(parsed.error.issues[0]?.message ?? null);
    setError(null);
    create.mutate(parsed.data);
  };
  return (
    <form className="stack" onSubmit={onSubmit} noValidate aria-label="Match pour le groupe">
      <PlaceSelect value={place} onChange={setPlace} />
      <DayAndTime date={date} time={time} onDate={setDate} onTime={setTime} />
      <LevelSelect value={level} onChange={setLevel} />
      <PlacesInput value={slots} onChange={setSlots} />
      <CheckField
        label="Réservé au groupe (n’apparaît jamais dans Trouver)"
        checked={groupOnly}
        onCheckedChange={setGroupOnly}
      />
      {!groupOnly && (
        <p className="muted">Sinon, visible par tous {priorityHours} h après sa création.</p>
      )}
      <SubmitRow error={error} loading={create.isPending} label="Créer le match pour le groupe" />
    </form>
  );
}
