import { useState } from 'react';
import { Link, useParams } from 'react-router-dom';
import { DEFAULT_SETTINGS } from '../../../common/limits';
import { INT32_MAX } from '../../../common/schemas/primitives';
import { MSG } from '../../../common/messages';
import { LevelBadges } from '../components/matches/LevelBadges';
import { MatchEditForm } from '../components/matches/MatchEditForm';
import { displayName, MatchPlayers } from '../components/matches/MatchPlayers';
import { ReasonDialog } from '../components/matches/ReasonDialog';
import { NoticeSlot } from '../components/matches/NoticeSlot';
import { JoinLevelConfirm } from '../components/matches/JoinLevelConfirm';
import { levelExcludes } from '../components/matches/join-level';
import { useAuth } from '../lib/auth';
import { ShareButton } from '../components/matches/ShareButton';
import { shareText } from '../components/matches/share-text';
import { useLevelCatalogue } from '../components/matches/useLevelCatalogue';
import { useLoggedError } from '../components/matches/useLoggedError';
import { useNotice } from '../components/matches/useNotice';
import { WaitlistActions } from '../components/matches/WaitlistActions';
import { MatchResultPanel } from '../components/results/MatchResultPanel';
import { useReliabilityBadge } from '../components/results/ReliabilityBadge';
import { Button, ConfirmDialog, EmptyState, Spinner } from '../components/ui';
import { errorMessage } from '../lib/errors';
import { useLiveMatch } from '../lib/live';
import { useMatchCache } from '../lib/match-cache';
import { offerPush } from '../lib/push';
import { formatDayMonth, formatLongDate, formatTime, placesAvailable } from '../lib/format';
import { useDocumentTitle } from '../lib/document-title';
import { whatsappShareUrl } from '../lib/whatsapp';
import { trpc, type RouterOutputs } from '../lib/trpc';
import './matches.css';
import './matches/match-page.css';

type Detail = RouterOutputs['matches']['byId'];

const mapsUrl = (m: Detail) =>
  `https://www.google.com/maps/search/?api=1&query=${encodeURIComponent(`${m.place_name}, ${m.address}, ${m.city}`)}`;

/** The public page of the match (`/m/:id`), the link players pass around. */
const shareUrl = (m: Detail) => `${window.location.origin}/m/${m.id}`;

function MatchNotFound() {
  return (
    <div className="page match-page">
      <EmptyState
        title="Match introuvable"
        action={
          <Link className="btn btn-primary" to="/find-match">
            Trouver un match
          </Link>
        }
      >
        <p className="muted">Ce match n’existe pas ou a été supprimé.</p>
      </EmptyState>
    </div>
  );
}

/** `/matches/:id`: everything about one match, and what the player can do with it. */
export default function MatchPage() {
  const { id } = useParams();
  const matchId = Number(id);
  const valid = /^\d+$/.test(id ?? '') && matchId > 0 && matchId <= INT32_MAX;
  const query = trpc.matches.byId.useQuery({ id: matchId }, { enabled: valid, retry: false });
  useLoggedError(query.error?.data?.code === 'NOT_FOUND' ? null : query.error, 'matches.byId');
  const notFound = !valid || query.error?.data?.code === 'NOT_FOUND';
  // Other players' joins, leaves and edits show up here without reloading.
  useLiveMatch(matchId, valid && !notFound);
  useDocumentTitle(
    notFound
      ? MSG.matchPage.notFoundTitle
      : query.data
        ? MSG.matchPage.title(formatDayMonth(query.data.date), formatTime(query.data.time))
        : MSG.matchPage.loadingTitle,
  );
  if (notFound) return <MatchNotFound />;
  if (query.error) return <EmptyState title={errorMessage(query.error, MSG.http.server)} />;
  if (!query.data) return <Spinner />;
  return <MatchDetail match={query.data} />;
}

function MatchDetail({ match }: { match: Detail }) {
  const cache = useMatchCache();
  const catalogue = useLevelCatalogue();
  const notice = useNotice();
  const { user } = useAuth();
  const [askLevel, setAskLevel] = useState(false);
  const [editing, setEditing] = useState(false);
  const [confirmLeave, setConfirmLeave] = useState(false);
  const [removing, setRemoving] = useState<Detail['organiser'] | null>(null);
  const join = trpc.matches.join.useMutation({
    onSuccess: (r) => {
      cache.joined(r.match);
      notice.success(MSG.match.joined);
      offerPush();
    },
    onError: (err) => {
      cache.participationFailed(match.id);
      notice.error(errorMessage(err, MSG.match.joinFailed));
    },
  });
  const leave = trpc.matches.leave.useMutation({
    onSuccess: (r) => {
      cache.left(r.match);
      notice.success(r.message || MSG.match.left);
    },
    onError: (err) => {
      cache.participationFailed(match.id);
      notice.error(errorMessage(err, MSG.match.leaveFailed));
    },
    onSettled: () => setConfirmLeave(false),
  });
  const remove = trpc.matches.removeParticipant.useMutation({
    onSuccess: (r) => {
      cache.removed(r.match);
      notice.success(r.message || MSG.match.removed);
    },
    onError: (err) => {
      cache.participationFailed(match.id);
      notice.error(errorMessage(err, MSG.match.removeFailed));
    },
    onSettled: () => setRemoving(null),
  });
  const reliabilityBadge = useReliabilityBadge(match.id);
  const isMember = match.is_creator || match.is_participant;
  const canJoin = !isMember && !match.is_finished && match.missing_players > 0;
  // A full match reached through its shared link still offers a way in: its waiting list.
  const canWait = !isMember && !match.is_finished && match.missing_players <= 0;

  return (
    <div className="page match-page">
      <p className="match-back">
        <Link to="/find-match">← Trouver un match</Link>
      </p>
      <article className="card match-detail" aria-labelledby="match-title">
        <div className="match-head">
          <h1 className="page-title match-place" id="match-title">
            {match.place_name}
          </h1>
          {match.is_finished && <span className="tag tag-finished">{MSG.match.finishedTag}</span>}
        </div>
        <p className="match-address">
          <a href={mapsUrl(match)} target="_blank" rel="noopener noreferrer">
            {match.address}, {match.city}
          </a>
          <span className="muted"> (ouvrir dans une carte)</span>
        </p>
        <ul className="match-facts">
          <li className="match-date">{formatLongDate(match.date)}</li>
          <li>{formatTime(match.time)}</li>
          {match.is_finished ? (
            <li className="match-past">{MSG.match.finishedTag}</li>
          ) : (
            <li className={match.missing_players > 0 ? 'match-open' : 'match-full'}>
              {match.missing_players > 0 ? placesAvailable(match.missing_players) : MSG.match.full}
            </li>
          )}
        </ul>
        <LevelBadges levels={match.levels} catalogue={catalogue} />

        <div className="match-page-actions">
          {canJoin && (
            <Button
              loading={join.isPending}
              onClick={() =>
                levelExcludes(match.levels, user?.level)
                  ? setAskLevel(true)
                  : join.mutate({ id: match.id })
              }
            >
              Rejoindre
            </Button>
          )}
          {canWait && (
            <WaitlistActions
              matchId={match.id}
              position={match.waitlist_position}
              onNotice={(kind, message) => notice[kind](message)}
              className="match-waitlist match-page-waitlist"
            />
          )}
          {match.is_participant && !match.is_finished && (
            <Button variant="secondary" onClick={() => setConfirmLeave(true)}>
              Quitter
            </Button>
          )}
          {match.is_creator && !match.is_finished && !editing && (
            <Button variant="secondary" onClick={() => setEditing(true)}>
              Modifier
            </Button>
          )}
          <ShareButton matchId={match.id} title={shareText(match)} onShared={notice.success} />
          <a
            className="btn btn-secondary"
            href={whatsappShareUrl(shareText(match), shareUrl(match))}
            target="_blank"
            rel="noopener noreferrer"
          >
            {MSG.matchPage.whatsappShare}
          </a>
          {isMember && (
            <a
              className="btn btn-ghost"
              href={`/api/matches/${match.id}/calendar.ics`}
              download={`match-${match.id}.ics`}
            >
              Ajouter à mon agenda
            </a>
          )}
        </div>
        <NoticeSlot notice={notice.notice} onClose={notice.clear} />
        <JoinLevelConfirm
          levels={askLevel ? match.levels : null}
          onConfirm={() => {
            setAskLevel(false);
            join.mutate({ id: match.id });
          }}
          onCancel={() => setAskLevel(false)}
        />
        {editing && (
          <EditPanel
            match={match}
            onDone={() => setEditing(false)}
            onSaved={() => notice.success(MSG.match.updated)}
          />
        )}
      </article>

      <MatchPlayers
        organiser={match.organiser}
        participants={match.participants}
        onRemove={match.is_creator && !match.is_finished ? setRemoving : undefined}
        badge={reliabilityBadge}
      />

      {match.is_finished && <MatchResultPanel match={match} />}

      <ReasonDialog
        open={removing !== null}
        title={MSG.match.removeTitle(removing ? displayName(removing) : '')}
        message={MSG.match.removeMessage}
        confirmLabel={MSG.match.removeConfirm}
        loading={remove.isPending}
        onCancel={() => setRemoving(null)}
        onConfirm={(reason) =>
          removing && remove.mutate({ id: match.id, userId: removing.user_id, reason })
        }
      />

      <ConfirmDialog
        open={confirmLeave}
        title="Quitter ce match ?"
        message="Votre place sera libérée pour un autre joueur."
        confirmLabel="Quitter"
        loading={leave.isPending}
        onCancel={() => setConfirmLeave(false)}
        onConfirm={() => leave.mutate({ id: match.id })}
      />
    </div>
  );
}

/** The creator's edit form, fed with the places, the edit schedule and the settings. */
function EditPanel({
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
      maxPlaces={(settings.data ?? DEFAULT_SETTINGS).max_places}
      saving={update.isPending}
      error={update.error ? errorMessage(update.error, MSG.match.updateFailed) : null}
      onDismissError={update.reset}
      onCancel={() => {
        update.reset();
        onDone();
      }}
      onSave={(draft) =>
        update.mutate(
          {
            id: match.id,
            place_id: Number(draft.placeId),
            date: draft.date,
            time: draft.time,
            levels: draft.levels,
            slots: draft.slots,
          },
          {
            onSuccess: () => {
              onDone();
              onSaved();
              cache.updated(match.id);
            },
          },
        )
      }
    />
  );
}
