import { useState } from 'react';
import { MSG } from '../../../../common/messages';
import { DEFAULT_SETTINGS } from '../../../../common/limits';
import { useAuth } from '../../lib/auth';
import { errorMessage } from '../../lib/errors';
import { useMatchCache } from '../../lib/match-cache';
import { trpc, type RouterOutputs } from '../../lib/trpc';
import {
  asksOrganiserGender,
  KindFields,
  kindDraftOf,
  kindInput,
  kindProblems,
  type KindDraft,
  type KindErrors,
} from './KindFields';
import { MatchEditForm } from './MatchEditForm';
import { EMPTY_ROOM, RoomFields, roomInput, roomProblem, type RoomDraft } from './RoomFields';
import { useLevelCatalogue } from './useLevelCatalogue';

type Detail = RouterOutputs['matches']['byId'];

/**
 * The creator's edit form, fed with the places, the edit schedule and the settings; the room's
 * fields and the kind, gender rule and price (issue 42) after the spec's.
 */
export function EditPanel({
  match,
  onDone,
  onSaved,
}: {
  match: Detail;
  onDone: () => void;
  onSaved: () => void;
}) {
  const cache = useMatchCache();
  const catalogue = useLevelCatalogue();
  const places = trpc.places.list.useQuery();
  const schedule = trpc.matches.schedule.useQuery();
  const settings = trpc.settings.get.useQuery(undefined, { retry: false });
  const update = trpc.matches.update.useMutation();
  const saveGender = trpc.users.update.useMutation();
  const { user, setUser } = useAuth();
  const [kind, setKind] = useState<KindDraft>(() => kindDraftOf(match));
  const [kindErrors, setKindErrors] = useState<KindErrors | null>(null);
  const askGender = asksOrganiserGender(kind, user?.gender);
  const [room, setRoom] = useState<RoomDraft>(() => ({
    ...EMPTY_ROOM,
    visibility: match.visibility,
    openLevels: match.open_levels,
    guests: match.guests.map((g) => g.name ?? ''),
  }));
  const [roomError, setRoomError] = useState<string | null>(null);
  const maxPlaces = (settings.data ?? DEFAULT_SETTINGS).max_places;
  const asCard = {
    ...match,
    creator_name: match.organiser.first_name,
    participants: match.participants.map((p) => ({ user_id: p.user_id })),
  };
  return (
    <MatchEditForm
      match={asCard}
      places={places.data ?? []}
      levels={catalogue ?? []}
      dates={schedule.data?.editDates ?? []}
      times={schedule.data?.editTimes ?? []}
      maxPlaces={maxPlaces}
      saving={update.isPending || saveGender.isPending}
      error={update.error ? errorMessage(update.error, MSG.match.updateFailed) : null}
      onDismissError={update.reset}
      onCancel={() => {
        update.reset();
        onDone();
      }}
      onSave={async (draft) => {
        const problem = roomProblem(room, draft.slots);
        const kindProblem = kindProblems(kind, askGender);
        setRoomError(problem);
        setKindErrors(kindProblem);
        if (problem || kindProblem) return;
        if (askGender && kind.me && user) {
          try {
            const gender = kind.me;
            setUser(
              await saveGender.mutateAsync({ name: user.name, level: user.level ?? '', gender }),
            );
          } catch (e) {
            return setKindErrors({ me: errorMessage(e, MSG.profile.updateFailed) });
          }
        }
        update.mutate(
          {
            id: match.id,
            place_id: Number(draft.placeId),
            date: draft.date,
            time: draft.time,
            levels: draft.levels,
            slots: draft.slots,
            ...roomInput(room),
            ...kindInput(kind),
          },
          {
            onSuccess: () => {
              onDone();
              onSaved();
              cache.updated(match.id);
            },
          },
        );
      }}
    >
      <KindFields
        value={kind}
        onChange={(next) => {
          setKind(next);
          setKindErrors(null);
        }}
        askGender={askGender}
        errors={kindErrors}
      />
      <RoomFields value={room} onChange={setRoom} maxGuests={maxPlaces - 1} error={roomError} />
    </MatchEditForm>
  );
}
