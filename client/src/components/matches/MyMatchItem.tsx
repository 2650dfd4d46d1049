import { useId, useState } from 'react';
import { MSG } from '../../../../common/messages';
import { errorMessage } from '../../lib/errors';
import { useMatchCache } from '../../lib/match-cache';
import { trpc } from '../../lib/trpc';
import { Button, ConfirmDialog } from '../ui';
import { ReasonDialog } from './ReasonDialog';
import { MatchEditForm } from './MatchEditForm';
import { MatchSummary } from './MatchSummary';
import { ParticipantsPanel } from './ParticipantsPanel';
import { UnreadBadge } from '../chat/UnreadBadge';
import { ResultLine } from '../results/ResultLine';
import type { LevelView, MyMatchView, PlaceView } from './types';

interface MyMatchItemProps {
  match: MyMatchView;
  catalogue?: readonly LevelView[];
  places: readonly PlaceView[];
  editDates: readonly string[];
  editTimes: readonly string[];
  maxPlaces: number;
  onSuccess: (message: string) => void;
  onError: (message: string) => void;
  /** Chat messages the player has not read yet (a badge linking to the match page). */
  unread?: number;
}

/**
 * One of my matches: 'Terminé' and dimmed when past; participants on demand; the creator edits inline
 * or deletes after confirmation; a player who joined can leave.
 */
export function MyMatchItem({
  match,
  catalogue,
  places,
  editDates,
  editTimes,
  maxPlaces,
  onSuccess,
  onError,
  unread = 0,
}: MyMatchItemProps) {
  const cache = useMatchCache();
  const panelId = useId();
  const headingId = useId();
  const [showParticipants, setShowParticipants] = useState(false);
  const [editing, setEditing] = useState(false);
  const [confirm, setConfirm] = useState<'delete' | 'leave' | null>(null);
  const update = trpc.matches.update.useMutation();
  const remove = trpc.matches.delete.useMutation();
  const leave = trpc.matches.leave.useMutation();
  // The organiser plays too: they count among the participants.
  const playerCount = match.slots - match.missing_players + 1;

  return (
    <article
      className={['card', 'my-match', match.is_finished ? 'is-finished' : ''].join(' ')}
      aria-labelledby={headingId}
    >
      <MatchSummary
        match={match}
        catalogue={catalogue}
        headingId={headingId}
        headingLevel={2}
        finished={match.is_finished}
        tags={
          <span className="match-tags">
            {match.is_finished && <span className="tag tag-finished">{MSG.match.finishedTag}</span>}
            <span className={match.is_creator ? 'tag tag-creator' : 'tag tag-joined'}>
              {match.is_creator ? 'Organisateur' : 'Inscrit'}
            </span>
            <UnreadBadge matchId={match.id} count={unread} />
          </span>
        }
      />
      {match.is_finished && <ResultLine matchId={match.id} />}

      <div className="my-match-actions">
        <Button
          variant="ghost"
          aria-expanded={showParticipants}
          aria-controls={panelId}
          onClick={() => setShowParticipants((v) => !v)}
        >
          {/* One label whether open or not (aria-expanded says which), so the row does not reflow. */}
          {`Participants (${playerCount})`}
          <span className="disclosure-mark" aria-hidden="true">
            {showParticipants ? '▴' : '▾'}
          </span>
        </Button>
        {/* Modifier and Supprimer wrap together, never Supprimer alone on its row. */}
        <div className="my-match-manage">
          {match.is_creator && !match.is_finished && !editing && (
            <Button variant="secondary" onClick={() => setEditing(true)}>
              Modifier
            </Button>
          )}
          {match.is_creator && (
            <Button variant="danger" onClick={() => setConfirm('delete')}>
              Supprimer
            </Button>
          )}
          {!match.is_creator && !match.is_finished && (
            <Button variant="secondary" onClick={() => setConfirm('leave')}>
              Quitter
            </Button>
          )}
        </div>
      </div>

      {showParticipants && (
        <ParticipantsPanel matchId={match.id} id={panelId} catalogue={catalogue} />
      )}

      {editing && (
        <MatchEditForm
          match={match}
          places={places}
          levels={catalogue ?? []}
          dates={editDates}
          times={editTimes}
          maxPlaces={maxPlaces}
          saving={update.isPending}
          error={update.error ? errorMessage(update.error, MSG.match.updateFailed) : null}
          onDismissError={update.reset}
          onCancel={() => {
            update.reset();
            setEditing(false);
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
                  setEditing(false);
                  onSuccess(MSG.match.updated);
                  cache.updated(match.id);
                },
              },
            )
          }
        />
      )}

      <ReasonDialog
        open={confirm === 'delete'}
        title="Supprimer ce match ?"
        message={MSG.match.deleteConfirm}
        confirmLabel="Supprimer"
        loading={remove.isPending}
        onCancel={() => setConfirm(null)}
        onConfirm={(reason) =>
          remove.mutate(
            { id: match.id, reason },
            {
              onSuccess: (r) => onSuccess(r.message || MSG.match.deleted),
              onError: (err) => onError(errorMessage(err, MSG.match.deleteFailed)),
              onSettled: () => {
                setConfirm(null);
                cache.deleted(match.id);
              },
            },
          )
        }
      />
      <ConfirmDialog
        open={confirm === 'leave'}
        title="Quitter ce match ?"
        message="Votre place sera libérée pour un autre joueur."
        confirmLabel="Quitter"
        loading={leave.isPending}
        onCancel={() => setConfirm(null)}
        onConfirm={() =>
          leave.mutate(
            { id: match.id },
            {
              onSuccess: (r) => {
                cache.left(r.match);
                onSuccess(r.message || MSG.match.left);
              },
              onError: (err) => {
                cache.participationFailed(match.id);
                onError(errorMessage(err, MSG.match.leaveFailed));
              },
              onSettled: () => setConfirm(null),
            },
          )
        }
      />
    </article>
  );
}
