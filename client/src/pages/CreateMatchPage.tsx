import { useEffect, useRef, useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router-dom';
import { DEFAULT_LEVELS } from '../../../common/levels';
import { DEFAULT_SETTINGS } from '../../../common/limits';
import { MSG } from '../../../common/messages';
import { EVENING_TEXT, EVENING_UI } from '../../../common/messages-evenings';
import { eveningInputOf } from '../../../common/schemas/evening-draft';
import { ZId } from '../../../common/schemas/primitives';
import { EveningForm } from '../components/evenings/EveningForm';
import { CreateMatchForm } from '../components/matches/CreateMatchForm';
import {
  EMPTY_ROOM,
  RoomFields,
  roomInput,
  roomProblem,
  type RoomDraft,
} from '../components/matches/RoomFields';
import {
  asksOrganiserGender,
  EMPTY_KIND,
  KindFields,
  kindInput,
  kindProblems,
  type KindDraft,
  type KindErrors,
} from '../components/matches/KindFields';
import { MatchSummary } from '../components/matches/MatchSummary';
import { NoticeSlot } from '../components/matches/NoticeSlot';
import { ShareButton } from '../components/matches/ShareButton';
import { shareText } from '../components/matches/share-text';
import { useNotice } from '../components/matches/useNotice';
import type { PlainMatchView } from '../components/matches/types';
import { useLevelCatalogue } from '../components/matches/useLevelCatalogue';
import { Button, Notice, Spinner } from '../components/ui';
import { useAuth } from '../lib/auth';
import { errorMessage } from '../lib/errors';
import { useMatchCache } from '../lib/match-cache';
import { RadioChips } from '../components/matches/RadioChips';
import { offerPush } from '../lib/push';
import { newIdempotencyKey, useSingleFlight } from '../lib/single-flight';
import { trpc } from '../lib/trpc';
import './matches.css';
import './matches/room.css';

function Created({ match, onAgain }: { match: PlainMatchView; onAgain: () => void }) {
  const catalogue = useLevelCatalogue();
  const title = useRef<HTMLHeadingElement>(null);
  const notice = useNotice();
  // A private match is shared by its link's token, which the match page answers its organiser.
  const detail = trpc.matches.byId.useQuery({ id: match.id }, { retry: false });
  useEffect(() => title.current?.focus(), []);
  return (
    <div className="page create-page">
      <section className="card created-card" aria-labelledby="created-title">
        <div className="created-icon" aria-hidden="true">
          ✓
        </div>
        <h1 className="page-title" id="created-title" tabIndex={-1} ref={title}>
          {MSG.match.created}
        </h1>
        <div className="created-summary">
          <MatchSummary match={match} catalogue={catalogue} headingLevel={2} />
        </div>
        {/* The match's page (chat, edit, requests) and sharing are the natural next steps: the
            players to invite are in a group chat. */}
        <div className="created-share">
          <Link className="btn btn-primary" to={`/matches/${match.id}`}>
            Voir le match
          </Link>
          <ShareButton
            matchId={match.id}
            token={detail.data?.share_token}
            title={shareText(match)}
            onShared={notice.success}
          />
        </div>
        <div className="form-actions form-actions-center">
          <Link className="btn btn-secondary" to="/find-match">
            Voir tous les matchs
          </Link>
          <Button variant="secondary" onClick={onAgain}>
            Créer un autre match
          </Button>
        </div>
      </section>
      <NoticeSlot notice={notice.notice} onClose={notice.clear} />
    </div>
  );
}

type Kind = 'match' | 'evening';
const KINDS: readonly Kind[] = ['match', 'evening'];

export default function CreateMatchPage() {
  const navigate = useNavigate();
  const cache = useMatchCache();
  const { user, setUser } = useAuth();
  const schedule = trpc.matches.schedule.useQuery();
  const places = trpc.places.list.useQuery();
  const levels = trpc.levels.list.useQuery();
  const settings = trpc.settings.get.useQuery(undefined, { retry: false });
  const create = trpc.matches.create.useMutation({
    onSuccess: () => {
      cache.created();
      offerPush();
    },
  });
  const [created, setCreated] = useState<PlainMatchView | null>(null);
  const [formKey, setFormKey] = useState(0);
  // One key per form: a double click or a retry after a lost answer makes one match.
  const [idempotencyKey, setIdempotencyKey] = useState(newIdempotencyKey);
  const once = useSingleFlight();
  const [room, setRoom] = useState<RoomDraft>(EMPTY_ROOM);
  const [roomError, setRoomError] = useState<string | null>(null);
  const [kindDraft, setKindDraft] = useState<KindDraft>(EMPTY_KIND);
  const [kindErrors, setKindErrors] = useState<KindErrors | null>(null);
  const askGender = asksOrganiserGender(kindDraft, user?.gender);
  const saveGender = trpc.users.update.useMutation();
  // From a group's page: `?soiree=1&groupe=<id>` opens the evening form for that group.
  const [search] = useSearchParams();
  const parsedGroup = ZId.safeParse(search.get('groupe'));
  const groupId = parsedGroup.success ? parsedGroup.data : undefined;
  const group = trpc.groups.byId.useQuery(
    { id: groupId ?? 0 },
    { enabled: groupId !== undefined, retry: false },
  );
  const [kind, setKind] = useState<Kind>(
    search.get('soiree') === '1' || groupId !== undefined ? 'evening' : 'match',
  );
  const [eveningKey] = useState(newIdempotencyKey);
  const createEvening = trpc.evenings.create.useMutation({
    onSuccess: (evening) =>
      void navigate(`/soirees/${evening.id}`, { state: { notice: EVENING_TEXT.created } }),
  });

  if (created) {
    return (
      <Created
        match={created}
        onAgain={() => {
          setCreated(null);
          create.reset();
          setFormKey((k) => k + 1);
          setIdempotencyKey(newIdempotencyKey());
          setRoom(EMPTY_ROOM);
          setKindDraft(EMPTY_KIND);
        }}
      />
    );
  }

  // Spec section 8: when the settings cannot be read, the form goes on with 3 places and 3 levels.
  const limits = settings.data ?? (settings.isError ? DEFAULT_SETTINGS : undefined);
  const loading = schedule.isPending || places.isPending || levels.isPending || !limits;

  return (
    <div className="page create-page">
      <div className="page-head">
        <div>
          <h1 className="page-title">
            {kind === 'match' ? 'Créer un match' : EVENING_UI.createTitle}
          </h1>
          <p className="page-lead">
            {kind === 'match'
              ? 'Choisissez le lieu, le créneau et les niveaux recherchés.'
              : EVENING_UI.createLead}
          </p>
        </div>
      </div>
      {/* A match (four players) or an evening (issue 40): one « Créer » for both. */}
      <RadioChips<Kind>
        label={EVENING_UI.kindLabel}
        className="create-kind"
        chipClassName="create-kind-chip"
        options={KINDS}
        value={kind}
        onChange={setKind}
      >
        {(k) => (k === 'match' ? EVENING_UI.kindMatch : EVENING_UI.kindEvening)}
      </RadioChips>
      {settings.isError && (
        <Notice kind="error" persistent message={MSG.admin.settingsLoadFailed} />
      )}
      {schedule.isError || places.isError ? (
        <Notice
          kind="error"
          persistent
          message={errorMessage(schedule.error ?? places.error, MSG.admin.placesLoadFailed)}
        />
      ) : loading ? (
        <div className="card match-form form-loading">
          <Spinner label="Chargement du formulaire..." showLabel />
        </div>
      ) : kind === 'evening' ? (
        <>
          {group.data && (
            <Notice kind="info" persistent message={EVENING_UI.forGroup(group.data.name)} />
          )}
          <EveningForm
            places={places.data}
            levels={levels.data ?? DEFAULT_LEVELS}
            dates={schedule.data.createDates}
            times={schedule.data.createTimes}
            today={schedule.data.today}
            now={schedule.data.now}
            maxLevels={limits.max_levels_selection}
            submitting={createEvening.isPending}
            error={
              createEvening.error
                ? errorMessage(createEvening.error, EVENING_UI.createFailed)
                : null
            }
            onDismissError={createEvening.reset}
            onCancel={() => void navigate('/find-match')}
            onSubmit={(draft) =>
              once(() =>
                createEvening.mutateAsync({
                  ...eveningInputOf(draft),
                  group_id: groupId ?? null,
                  idempotencyKey: eveningKey,
                }),
              )
            }
          />
        </>
      ) : (
        <CreateMatchForm
          key={formKey}
          places={places.data}
          levels={levels.data ?? DEFAULT_LEVELS}
          dates={schedule.data.createDates}
          times={schedule.data.createTimes}
          today={schedule.data.today}
          now={schedule.data.now}
          limits={{ maxPlaces: limits.max_places, maxLevels: limits.max_levels_selection }}
          submitting={create.isPending || saveGender.isPending}
          error={create.error ? errorMessage(create.error, MSG.match.createFailed) : null}
          onDismissError={create.reset}
          onCancel={() => void navigate('/find-match')}
          onSubmit={(draft) => {
            const problem = roomProblem(room, draft.slots);
            const kindProblem = kindProblems(kindDraft, askGender);
            setRoomError(problem);
            setKindErrors(kindProblem);
            if (problem || kindProblem) return;
            return once(async () => {
              // A ruled match needs the organiser's gender: given here, it goes to the profile first.
              if (askGender && kindDraft.me && user) {
                try {
                  setUser(
                    await saveGender.mutateAsync({
                      name: user.name,
                      level: user.level ?? '',
                      gender: kindDraft.me,
                    }),
                  );
                } catch (e) {
                  setKindErrors({ me: errorMessage(e, MSG.profile.updateFailed) });
                  return;
                }
              }
              setCreated(
                await create.mutateAsync({
                  place_id: Number(draft.placeId),
                  date: draft.date,
                  time: draft.time,
                  levels: draft.levels,
                  slots: draft.slots,
                  idempotencyKey,
                  ...roomInput(room),
                  ...kindInput(kindDraft),
                }),
              );
            });
          }}
        >
          <KindFields
            value={kindDraft}
            onChange={(next) => {
              setKindDraft(next);
              setKindErrors(null);
            }}
            askGender={askGender}
            errors={kindErrors}
          />
          <RoomFields
            value={room}
            onChange={setRoom}
            maxGuests={limits.max_places - 1}
            error={roomError}
          />
        </CreateMatchForm>
      )}
    </div>
  );
}
