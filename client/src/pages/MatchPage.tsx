import { useState } from 'react';
import { Link, useParams, useSearchParams } from 'react-router-dom';
import { ZShareToken } from '../../../common/schemas/room';
import { RequestDialog } from '../components/matches/RequestDialog';
import { RequestsPanel } from '../components/matches/RequestsPanel';
import { CourtPanel } from '../components/matches/CourtPanel';
import { EditPanel } from '../components/matches/EditPanel';
import { GenderFirstDialog } from '../components/matches/GenderFirstDialog';
import { KindBadges } from '../components/matches/KindBadges';
import { GENDER_TEXT, type TPlayerGender } from '../../../common/messages-court';
import { INT32_MAX } from '../../../common/schemas/primitives';
import { MSG } from '../../../common/messages';
import { REFILL_TEXT } from '../../../common/messages-wants';
import { LevelBadges } from '../components/matches/LevelBadges';
import { displayName, MatchPlayers } from '../components/matches/MatchPlayers';
import { ReasonDialog } from '../components/matches/ReasonDialog';
import { NoticeSlot } from '../components/matches/NoticeSlot';
import { RemovalNotice } from '../components/matches/RemovalNotice';
import { LevelFirstDialog } from '../components/matches/LevelFirstDialog';
import { mustAskToJoin, needsGenderFirst, needsLevelFirst } from '../components/matches/join-level';
import { useAuth } from '../lib/auth';
import { ShareButton } from '../components/matches/ShareButton';
import { shareText } from '../components/matches/share-text';
import { useLevelCatalogue } from '../components/matches/useLevelCatalogue';
import { useLoggedError } from '../components/matches/useLoggedError';
import { useNotice } from '../components/matches/useNotice';
import { WaitlistActions } from '../components/matches/WaitlistActions';
import { ChatPanel } from '../components/chat/ChatPanel';
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
import './matches/room.css';

type Detail = RouterOutputs['matches']['byId'];

/** Why the match's gender rule leaves this player out (GENDER_TEXT.closed), or null when it does not. */
function genderClosed(match: Detail, gender: TPlayerGender | null | undefined): string | null {
  // A full match is « Complet » for everyone, whatever its rule.
  if (!gender || match.gender === 'ouvert' || match.missing_players <= 0) return null;
  if (match.open_to.includes(gender)) return null;
  if (match.gender === 'mixte') return GENDER_TEXT.closed.mixte(gender);
  return GENDER_TEXT.closed[match.gender];
}

const mapsUrl = (m: Detail) =>
  `https://www.google.com/maps/search/?api=1&query=${encodeURIComponent(`${m.place_name}, ${m.address}, ${m.city}`)}`;

/** The public page of the match (`/m/:id`, `/m/<token>` when private), the link players pass around. */
const shareUrl = (m: Detail) => `${window.location.origin}/m/${m.share_token ?? m.id}`;

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
  const [search] = useSearchParams();
  // A private match opened through its link carries the link's token (issue 25).
  const parsedToken = ZShareToken.safeParse(search.get('token'));
  const token = parsedToken.success ? parsedToken.data : undefined;
  const matchId = Number(id);
  const valid = /^\d+$/.test(id ?? '') && matchId > 0 && matchId <= INT32_MAX;
  const query = trpc.matches.byId.useQuery(token ? { id: matchId, token } : { id: matchId }, {
    enabled: valid,
    retry: false,
  });
  useLoggedError(query.error?.data?.code === 'NOT_FOUND' ? null : query.error, 'matches.byId');
  const notFound = !valid || query.error?.data?.code === 'NOT_FOUND';
  // Other players' joins, leaves and edits show up here without reloading.
  useLiveMatch(matchId, valid && !notFound, token);
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
  return <MatchDetail match={query.data} token={token} />;
}

function MatchDetail({ match, token }: { match: Detail; token?: string }) {
  const cache = useMatchCache();
  const catalogue = useLevelCatalogue();
  const notice = useNotice();
  const { user } = useAuth();
  const [askLevel, setAskLevel] = useState(false);
  const [askGender, setAskGender] = useState(false);
  const [editing, setEditing] = useState(false);
  const [confirmLeave, setConfirmLeave] = useState(false);
  const [removing, setRemoving] = useState<Detail['organiser'] | null>(null);
  const [asking, setAsking] = useState(false);
  const withToken = token ? { token } : {};
  const request = trpc.matches.request.useMutation({
    onSuccess: (r) => {
      notice.success(r.message);
      setAsking(false);
      // The page is read again (the live stream follows too), and the match's cards say it.
      cache.requested(match.id);
    },
    onError: (err) => notice.error(errorMessage(err, MSG.room.requestFailed)),
  });
  const answerHandlers = {
    onSuccess: (r: { message: string }) => {
      notice.success(r.message);
      cache.updated(match.id);
    },
    onError: (err: Parameters<typeof errorMessage>[0]) =>
      notice.error(errorMessage(err, MSG.room.answerFailed)),
  };
  const accept = trpc.matches.acceptRequest.useMutation(answerHandlers);
  const decline = trpc.matches.declineRequest.useMutation(answerHandlers);
  const release = trpc.matches.releaseGuest.useMutation({
    onSuccess: (r) => {
      cache.removed(r.match);
      notice.success(r.message);
    },
    onError: (err) => notice.error(errorMessage(err, MSG.room.releaseFailed)),
  });
  const join = trpc.matches.join.useMutation({
    onSuccess: (r) => {
      cache.joined(r.match);
      notice.success(MSG.match.joined);
      offerPush();
    },
    onError: (err) => {
      cache.participationFailed(match.id);
      const message = errorMessage(err, MSG.match.joinFailed);
      // The server needs the player's gender for this match: asked here, then the join goes on.
      if (message === GENDER_TEXT.needed) setAskGender(true);
      else notice.error(message);
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
  const reliabilityBadge = useReliabilityBadge(match.id, token);
  const isMember = match.is_creator || match.is_participant;
  // The match's gender rule leaves out a player whose profile gives another gender (issue 42).
  const closedText = genderClosed(match, user?.gender);
  const canJoin =
    !isMember && !match.is_finished && match.missing_players > 0 && closedText === null;
  /** A player with no gender gives it first on a ruled match, one with no level sets theirs, then the join. */
  const levelThenJoin = (level: string | null | undefined) =>
    needsLevelFirst(match, level) ? setAskLevel(true) : join.mutate({ id: match.id, ...withToken });
  // A player of another level asks the organiser, as on the cards; a player without a level sets
  // theirs first (LevelFirstDialog), which then decides.
  const mustAsk = mustAskToJoin(match, user?.level);
  const pendingRequest = match.my_request === 'pending';
  // A full match reached through its shared link still offers a way in: its waiting list.
  // A player of another level cannot queue (the server refuses it); one already queued can leave.
  const canWait =
    !isMember &&
    !match.is_finished &&
    match.missing_players <= 0 &&
    (!mustAsk || match.waitlist_position != null);

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
          {match.visibility === 'private' && (
            <span className="tag tag-private">{MSG.room.privateTag}</span>
          )}
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
        <div className="match-badge-row">
          <LevelBadges levels={match.levels} catalogue={catalogue} />
          <KindBadges kind={match.kind} gender={match.gender} />
        </div>
        <RemovalNotice removal={match.my_removal} />

        <div className="match-page-actions">
          {canJoin && !mustAsk && (
            <Button
              loading={join.isPending}
              onClick={() =>
                needsGenderFirst(match, user?.gender)
                  ? setAskGender(true)
                  : levelThenJoin(user?.level)
              }
            >
              Rejoindre
            </Button>
          )}
          {canJoin && mustAsk && !pendingRequest && (
            <Button loading={request.isPending} onClick={() => setAsking(true)}>
              {MSG.room.requestButton}
            </Button>
          )}
          {canWait && (
            <WaitlistActions
              matchId={match.id}
              position={match.waitlist_position}
              onNotice={(kind, message) => notice[kind](message)}
              className="match-waitlist match-page-waitlist"
              token={token}
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
          <ShareButton
            matchId={match.id}
            token={match.share_token}
            title={shareText(match)}
            onShared={notice.success}
          />
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
        {closedText && !isMember && !match.is_finished && (
          <p className="match-request-state" role="status">
            {closedText}
          </p>
        )}
        {!isMember && match.my_request && (
          <p className="match-request-state" role="status">
            {match.my_request === 'pending'
              ? MSG.room.requestPending
              : match.my_request === 'declined'
                ? MSG.room.requestDeclinedState
                : match.my_request === 'expired'
                  ? MSG.room.requestExpiredState
                  : null}
          </p>
        )}
        {match.refill_offered !== null && match.missing_players > 0 && !match.is_finished && (
          <p className="match-request-state" role="status">
            {REFILL_TEXT.offered(match.refill_offered)}
          </p>
        )}
        <NoticeSlot notice={notice.notice} onClose={notice.clear} />
        <RequestDialog
          levels={asking ? match.levels : null}
          loading={request.isPending}
          onCancel={() => setAsking(false)}
          onConfirm={(message) =>
            request.mutate({ id: match.id, ...withToken, ...(message ? { message } : {}) })
          }
        />
        <GenderFirstDialog
          open={askGender}
          onConfirm={() => {
            setAskGender(false);
            levelThenJoin(user?.level);
          }}
          onCancel={() => setAskGender(false)}
        />
        <LevelFirstDialog
          levels={askLevel ? match.levels : null}
          onConfirm={(level) => {
            setAskLevel(false);
            if (mustAskToJoin(match, level)) setAsking(true);
            else join.mutate({ id: match.id, ...withToken });
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

      {match.is_creator && (
        <RequestsPanel
          requests={match.requests}
          busy={accept.isPending || decline.isPending}
          onAccept={(r) => accept.mutate({ id: match.id, userId: r.user_id })}
          onDecline={(r) => decline.mutate({ id: match.id, userId: r.user_id })}
        />
      )}

      <CourtPanel
        match={match}
        userId={user?.id}
        onNotice={(kind, message) => notice[kind](message)}
        onChanged={cache.pageChanged}
      />

      <MatchPlayers
        organiser={match.organiser}
        participants={match.participants}
        guests={match.guests}
        onRemove={match.is_creator && !match.is_finished ? setRemoving : undefined}
        onRelease={
          match.is_creator && !match.is_finished
            ? (g) => release.mutate({ id: match.id, guestId: g.id })
            : undefined
        }
        badge={reliabilityBadge}
      />

      {match.is_finished && <MatchResultPanel match={match} token={token} />}

      {(isMember || match.waitlist_position != null) && (
        <ChatPanel
          key={`${match.id}-${isMember}`}
          room={{ kind: 'match', id: match.id }}
          userId={user?.id}
        />
      )}

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
