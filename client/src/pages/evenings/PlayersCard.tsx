import { useState } from 'react';
import { EVENING_TEXT, EVENING_UI } from '../../../../common/messages-evenings';
import { RESULT_MSG } from '../../../../common/results';
import type { TEvening } from '../../../../common/schemas/evenings';
import { NBSP } from '../../../../common/typography';
import { Button, ConfirmDialog, Notice, TitledCard } from '../../components/ui';
import { trpc } from '../../lib/trpc';
import type { EveningActions } from './useEveningActions';

type Player = TEvening['players'][number];

/**
 * Who plays: the list (the organiser may take a player out, between rounds too, and once the
 * evening has started report one who did not come), the waiting list's length, and the viewer's
 * own sign-up: join, their place on the waiting list, leave.
 */
export function PlayersCard({
  e,
  token,
  actions,
}: {
  e: TEvening;
  /** The private link's token the page was opened with. */
  token?: string;
  actions: EveningActions;
}) {
  const [removing, setRemoving] = useState<Player | null>(null);
  const [reporting, setReporting] = useState<Player | null>(null);
  // The match's no-show rule says when (from the start, for 48 h) and who is already absent.
  const presence = trpc.results.forMatch.useQuery(
    { id: e.id },
    { enabled: e.me.organiser && e.status !== 'open', retry: false },
  );
  const absent = new Set(presence.data?.absent.map((a) => a.user_id) ?? []);
  const canReport = presence.data?.can_mark_absent ?? false;
  // Late arrivals sign up during the evening too (the organiser seats them from the queue).
  const open = e.status !== 'finished';
  const { me } = e;
  return (
    <TitledCard title={EVENING_UI.playersTitle(e.players.length, e.max_players)}>
      {e.players.length === 0 ? (
        <p className="muted">{EVENING_UI.noPlayers}</p>
      ) : (
        <ul className="evening-players">
          {e.players.map((p) => (
            <li key={p.user_id} className="evening-player">
              <span>{p.name}</span>
              {absent.has(p.user_id) && (
                <span className="badge badge-danger">{EVENING_UI.absent}</span>
              )}
              {me.organiser && e.status !== 'finished' && p.user_id !== e.organiser.user_id && (
                <Button variant="ghost" onClick={() => setRemoving(p)}>
                  {EVENING_UI.remove(p.name)}
                </Button>
              )}
              {canReport && p.user_id !== e.organiser.user_id && !absent.has(p.user_id) && (
                <Button variant="ghost" onClick={() => setReporting(p)}>
                  {RESULT_MSG.noShowReport}
                  <span className="visually-hidden">{`${NBSP}: ${p.name}`}</span>
                </Button>
              )}
            </li>
          ))}
        </ul>
      )}
      {e.waiting > 0 && <p className="muted">{EVENING_UI.waitingCount(e.waiting)}</p>}
      {me.organiser && e.status !== 'finished' && e.waiting_list.length > 0 && (
        <ul className="evening-players" aria-label={EVENING_UI.waitingTitle}>
          {e.waiting_list.map((p) => (
            <li key={p.user_id} className="evening-player">
              <span>{p.name}</span>
              <Button
                variant="ghost"
                loading={
                  actions.addPlayer.isPending && actions.addPlayer.variables?.userId === p.user_id
                }
                onClick={() => actions.addPlayer.mutate({ id: e.id, userId: p.user_id })}
              >
                {EVENING_UI.add(p.name)}
              </Button>
            </li>
          ))}
        </ul>
      )}
      {open && (
        <div className="evening-signup">
          {me.playing ? (
            <>
              <p>{EVENING_UI.youPlay}</p>
              <Button
                variant="secondary"
                loading={actions.leave.isPending}
                onClick={() => actions.leave.mutate({ id: e.id })}
              >
                {EVENING_UI.leave}
              </Button>
            </>
          ) : me.waitlist_position !== null ? (
            <>
              <p>{EVENING_UI.waitlistPosition(me.waitlist_position)}</p>
              <Button
                variant="secondary"
                loading={actions.leave.isPending}
                onClick={() => actions.leave.mutate({ id: e.id })}
              >
                {EVENING_UI.leaveWaitlist}
              </Button>
            </>
          ) : e.signups_closed ? (
            <Notice kind="info" persistent message={EVENING_TEXT.signupsClosed} />
          ) : (
            <Button
              loading={actions.join.isPending}
              onClick={() => actions.join.mutate(token ? { id: e.id, token } : { id: e.id })}
            >
              {EVENING_UI.join}
            </Button>
          )}
        </div>
      )}
      {removing && (
        <ConfirmDialog
          title={EVENING_UI.removeConfirm(removing.name)}
          message={EVENING_UI.removeHelp}
          confirmLabel={EVENING_UI.remove(removing.name)}
          onCancel={() => setRemoving(null)}
          onConfirm={() => {
            actions.removePlayer.mutate({ id: e.id, userId: removing.user_id });
            setRemoving(null);
          }}
        />
      )}
      {reporting && (
        <ConfirmDialog
          title={RESULT_MSG.noShowAsk(reporting.name)}
          message={RESULT_MSG.noShowAskDetail}
          confirmLabel={RESULT_MSG.noShowReport}
          onCancel={() => setReporting(null)}
          onConfirm={() => {
            actions.markNoShow.mutate({ id: e.id, userId: reporting.user_id });
            setReporting(null);
          }}
        />
      )}
    </TitledCard>
  );
}
