import {
  COST_TEXT,
  COURT_TEXT,
  COURT_UI,
  euros,
  sharesOf,
} from '../../../../common/messages-court';
import { errorMessage } from '../../lib/errors';
import { MSG } from '../../../../common/messages';
import { trpc, type RouterOutputs } from '../../lib/trpc';
import { Button, TitledCard } from '../ui';
import { displayName } from './MatchPlayers';
import './court.css';

type Detail = RouterOutputs['matches']['byId'];
type Payment = Detail['payments'][number];

interface CourtPanelProps {
  match: Detail;
  /** The viewer, to find their own row of « Qui a payé ». */
  userId: number | undefined;
  /** The page's notice: the server's message, or why a change failed. */
  onNotice: (kind: 'success' | 'error', message: string) => void;
  /** The page as the server answered a change (written over the cached one). */
  onChanged: (match: Detail) => void;
}

/** Who the match's players are to the viewer: the page's own names, organiser first. */
function nameOf(match: Detail, userId: number): string {
  const player =
    match.organiser.user_id === userId
      ? match.organiser
      : match.participants.find((p) => p.user_id === userId);
  return player ? displayName(player) : '—';
}

/** The match page's « Terrain » block is for its players; a stranger sees the price line only. */
export const isPlayerView = (m: Detail) =>
  m.court !== null || m.payments.length > 0 || m.is_creator || m.is_participant;

/**
 * « Terrain » (issue 42): the place's booking link, « J'ai réservé le terrain » (any player) and
 * who did, the court's price and each player's share, and « Qui a payé » with each player's mark;
 * the viewer marks their own share, the organiser anyone's. Recorded between players, never charged.
 */
export function CourtPanel({ match, userId, onNotice, onChanged }: CourtPanelProps) {
  const handlers = {
    onSuccess: (r: { message: string; match: Detail }) => {
      onChanged(r.match);
      onNotice('success', r.message);
    },
    onError: (e: unknown) => onNotice('error', errorMessage(e, MSG.http.server)),
  };
  const setCourt = trpc.matches.setCourt.useMutation(handlers);
  const setPayment = trpc.matches.setPayment.useMutation(handlers);
  const player = isPlayerView(match);
  const price = match.price_cents;
  if (!player && price === null) return null;

  const players = 1 + match.participants.length;
  // Each player's share: the others' (the organiser carries the rounding); a stranger reads a full match's.
  const each =
    price === null
      ? null
      : player
        ? (match.payments.find((p) => p.user_id !== match.organiser.user_id)?.share_cents ??
          sharesOf(price, players).each)
        : sharesOf(price, match.slots + 1).each;
  const booked = match.court?.booked === true;
  const busyPayment = setPayment.isPending ? setPayment.variables?.userId : undefined;

  const pay = (p: Payment) => setPayment.mutate({ id: match.id, userId: p.user_id, paid: !p.paid });

  return (
    <TitledCard title={player ? COURT_TEXT.title : COST_TEXT.title} className="court-panel">
      {player && (
        <div className="court-booking">
          <p className={booked ? 'court-state court-booked' : 'court-state'} role="status">
            {booked && match.court
              ? COURT_TEXT.bookedBy(match.court.booked_by_name)
              : COURT_TEXT.notBooked}
          </p>
          {!match.is_finished && (
            <div className="court-actions">
              {match.booking_url && !booked && (
                <a
                  className="btn btn-secondary"
                  href={match.booking_url}
                  target="_blank"
                  rel="noopener noreferrer"
                >
                  {COURT_TEXT.book}
                  <span className="visually-hidden"> {COURT_UI.newTab}</span>
                </a>
              )}
              {booked ? (
                <Button
                  variant="ghost"
                  loading={setCourt.isPending}
                  onClick={() => setCourt.mutate({ id: match.id, booked: false })}
                >
                  {COURT_TEXT.unmark}
                </Button>
              ) : (
                <Button
                  loading={setCourt.isPending}
                  onClick={() => setCourt.mutate({ id: match.id, booked: true })}
                >
                  {COURT_TEXT.iBooked}
                </Button>
              )}
            </div>
          )}
        </div>
      )}

      {price !== null && each !== null ? (
        <p className="court-price">
          <strong>{COST_TEXT.total(euros(price))}</strong>
          <span aria-hidden="true"> · </span>
          <span>{COST_TEXT.share(euros(each))}</span>
        </p>
      ) : (
        match.is_creator && <p className="muted court-no-price">{COST_TEXT.noPrice}</p>
      )}

      {player && match.payments.length > 0 && (
        <>
          <h3 className="court-subtitle">{COST_TEXT.whoPaid}</h3>
          <ul className="court-payments">
            {match.payments.map((p) => {
              const name = nameOf(match, p.user_id);
              const own = p.user_id === userId;
              return (
                <li key={p.user_id} className="court-payment">
                  <span className="court-payer">
                    <span className="court-payer-name">{name}</span>
                    <span className="court-payer-share">
                      {COURT_UI.amount(euros(p.share_cents))}
                    </span>
                  </span>
                  <span className={p.paid ? 'court-paid is-paid' : 'court-paid'}>
                    {p.paid ? COST_TEXT.paid : COST_TEXT.unpaid}
                  </span>
                  {own ? (
                    <Button
                      variant={p.paid ? 'ghost' : 'primary'}
                      className="court-pay"
                      loading={busyPayment === p.user_id}
                      onClick={() => pay(p)}
                    >
                      {p.paid ? COST_TEXT.undo : COST_TEXT.iPaid}
                    </Button>
                  ) : (
                    // The organiser ticks a share paid (cash handed over), or unticks it.
                    match.is_creator && (
                      <label className="court-tick">
                        <input
                          type="checkbox"
                          checked={p.paid}
                          disabled={busyPayment === p.user_id}
                          aria-label={COST_TEXT.markPaid(name)}
                          onChange={() => pay(p)}
                        />
                      </label>
                    )
                  )}
                </li>
              );
            })}
          </ul>
          <p className="field-hint court-note">{COST_TEXT.recordedOnly}</p>
        </>
      )}
    </TitledCard>
  );
}
