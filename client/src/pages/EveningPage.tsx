import { useState } from 'react';
import { useLocation, useParams, useSearchParams } from 'react-router-dom';
import { sitOutRuleText } from '../../../common/evenings/scores';
import {
  EVENING_FORMATS,
  EVENING_STATUS,
  EVENING_UI,
  myNextGame,
} from '../../../common/messages-evenings';
import type { TEvening, TEveningGame } from '../../../common/schemas/evenings';
import { ZShareToken } from '../../../common/schemas/room';
import { frenchTypography } from '../../../common/typography';
import { ChatPanel } from '../components/chat/ChatPanel';
import { Button, ConfirmDialog, Loaded, Notice, TitledCard } from '../components/ui';
import { useAuth } from '../lib/auth';
import { useDocumentTitle } from '../lib/document-title';
import { formatLongDate } from '../lib/format';
import { useLiveEvening } from '../lib/live';
import { trpc } from '../lib/trpc';
import { currentRoundOf, eveningLink, namesOf, nextGameOf } from './evenings/evening-view';
import { PastRounds } from './evenings/PastRounds';
import { PlayersCard } from './evenings/PlayersCard';
import { RoundGames } from './evenings/RoundGames';
import { Standings } from './evenings/Standings';
import { useEveningActions, type EveningActions } from './evenings/useEveningActions';
import './evenings/evenings.css';

/** An evening's page (issue 40), `/soirees/:id`, `?token=` for a private one's link. */
export default function EveningPage() {
  const id = Number(useParams().id);
  const valid = Number.isInteger(id) && id > 0;
  const [search] = useSearchParams();
  const parsedToken = ZShareToken.safeParse(search.get('token'));
  const token = parsedToken.success ? parsedToken.data : undefined;
  const input = token ? { id, token } : { id };
  const evening = trpc.evenings.byId.useQuery(input, { enabled: valid, retry: false });
  // Sign-ups, rounds and scores by anyone show up without reloading.
  useLiveEvening(id, valid && evening.isSuccess, token);
  const e = evening.data;
  useDocumentTitle(e ? `${EVENING_FORMATS[e.format]} — ${formatLongDate(e.date)}` : null);
  return (
    <div className="page evening-page">
      <Loaded
        query={evening}
        loadingLabel={EVENING_UI.loading}
        errorFallback={EVENING_UI.loadFailed}
      >
        {(e) => <EveningView e={e} token={token} />}
      </Loaded>
    </div>
  );
}

function EveningView({ e, token }: { e: TEvening; token?: string }) {
  const { user } = useAuth();
  const state: unknown = useLocation().state;
  const arrived =
    typeof state === 'object' && state && 'notice' in state && typeof state.notice === 'string'
      ? state.notice
      : null;
  const actions = useEveningActions(token ? { id: e.id, token } : { id: e.id }, arrived);
  const name = namesOf(e);
  const round = currentRoundOf(e);
  const running = e.status === 'running';
  const scoreOf = (
    game: TEveningGame,
    score: [number, number],
    previous: [number, number] | null,
  ) => actions.score.mutate({ id: e.id, gameId: game.id, score, previous });
  const savingGame = actions.score.isPending ? Number(actions.score.variables?.gameId) : null;
  return (
    <>
      <EveningHeader e={e} />
      {actions.notice && (
        <Notice
          kind={actions.notice.kind}
          message={actions.notice.text}
          onClose={actions.clearNotice}
          persistent={actions.notice.kind === 'error'}
        />
      )}
      {running && e.me.playing && user && (
        <NextGame e={e} userId={user.id} name={name} savingGame={savingGame} onScore={scoreOf} />
      )}
      {e.me.organiser && e.status !== 'finished' && <OrganiserCard e={e} actions={actions} />}
      {round && (
        <TitledCard title={EVENING_UI.roundTitle(round.number)} className="evening-round">
          <RoundGames
            e={e}
            games={round.games}
            name={name}
            editable={() => running && e.me.organiser}
            savingGame={savingGame}
            onScore={scoreOf}
          />
          {round.sitting_out.length > 0 && (
            <p className="muted">
              {frenchTypography(EVENING_UI.sittingOutList(round.sitting_out.map(name).join(', ')))}
            </p>
          )}
          {e.me.organiser && running && <RoundButtons e={e} actions={actions} />}
        </TitledCard>
      )}
      {round && (
        <PastRounds
          e={e}
          current={round.number}
          name={name}
          savingGame={savingGame}
          onScore={scoreOf}
        />
      )}
      <Standings e={e} me={user?.id} />
      <PlayersCard e={e} token={token} actions={actions} />
      <ShareCard e={e} />
      {(e.me.organiser || e.me.playing) && (
        <ChatPanel key={e.id} room={{ kind: 'match', id: e.id }} userId={user?.id} />
      )}
    </>
  );
}

function EveningHeader({ e }: { e: TEvening }) {
  const price = e.price_cents === null ? null : (e.price_cents / 100).toFixed(2).replace('.', ',');
  return (
    <div className="page-head evening-head">
      <div>
        <p className="evening-status">
          <span className="badge badge-primary">{EVENING_STATUS[e.status]}</span>
          <span className="badge">
            {e.competitive ? EVENING_UI.competitiveBadge : EVENING_UI.friendlyBadge}
          </span>
        </p>
        <h1 className="page-title">
          {EVENING_FORMATS[e.format]} · {e.place.name}
        </h1>
        <p className="page-lead">
          {formatLongDate(e.date)} à {e.time} · {e.place.city} · {e.levels.join(', ')}
        </p>
        <p className="evening-rules">
          {EVENING_UI.rules(e.points_per_game)} {sitOutRuleText(e.sit_out_rule)}
          {e.format === 'mexicano' && ` ${EVENING_UI.pairingRule(e.mexicano_pairing)}`}
          {price && ` ${EVENING_UI.price(price)}.`}
        </p>
        <p className="muted">{EVENING_UI.organisedBy(e.organiser.name)}</p>
        {(e.me.playing || e.me.organiser) && e.status !== 'finished' && (
          <a
            className="btn btn-ghost evening-calendar"
            href={`/api/matches/${e.id}/calendar.ics`}
            download={`soiree-${e.id}.ics`}
          >
            {EVENING_UI.addToCalendar}
          </a>
        )}
      </div>
    </div>
  );
}

interface NextGameProps {
  e: TEvening;
  userId: number;
  name: (id: number) => string;
  savingGame: number | null;
  onScore: (game: TEveningGame, score: [number, number], previous: [number, number] | null) => void;
}

/** « Mon prochain match : terrain 2, avec Julie contre Marc et Léo », and the score entry of that game. */
function NextGame({ e, userId, name, savingGame, onScore }: NextGameProps) {
  const next = nextGameOf(e, userId);
  if (!next) return null;
  return (
    <section className="card evening-next" aria-label={EVENING_UI.nextGameTitle}>
      {next.game ? (
        <>
          <h2 className="evening-next-line">
            {frenchTypography(
              myNextGame(
                next.game.court,
                name(next.partner),
                name(next.opponents[0]),
                name(next.opponents[1]),
              ),
            )}
          </h2>
          {/* The organiser enters every court's score in the round below. */}
          {!e.me.organiser && (
            <RoundGames
              e={e}
              games={[next.game]}
              name={name}
              editable={() => true}
              savingGame={savingGame}
              onScore={onScore}
            />
          )}
        </>
      ) : (
        <h2 className="evening-next-line">{EVENING_UI.sittingOut(next.round)}</h2>
      )}
    </section>
  );
}

/** Before the start: close or reopen the sign-ups, start the evening. */
function OrganiserCard({ e, actions }: { e: TEvening; actions: EveningActions }) {
  if (e.status !== 'open') return null;
  return (
    <TitledCard title={EVENING_UI.organiserTitle}>
      <div className="row">
        <Button
          variant="secondary"
          loading={actions.setSignupsClosed.isPending}
          onClick={() => actions.setSignupsClosed.mutate({ id: e.id, closed: !e.signups_closed })}
        >
          {e.signups_closed ? EVENING_UI.reopenSignups : EVENING_UI.closeSignups}
        </Button>
        <Button
          loading={actions.start.isPending}
          onClick={() => actions.start.mutate({ id: e.id })}
        >
          {EVENING_UI.start}
        </Button>
      </div>
    </TitledCard>
  );
}

/** During the evening: the next round, or the end (the table is locked). */
function RoundButtons({ e, actions }: { e: TEvening; actions: EveningActions }) {
  const [confirm, setConfirm] = useState(false);
  return (
    <div className="evening-round-actions">
      <Button
        block
        loading={actions.nextRound.isPending}
        onClick={() => actions.nextRound.mutate({ id: e.id })}
      >
        {EVENING_UI.nextRound}
      </Button>
      <Button variant="secondary" block onClick={() => setConfirm(true)}>
        {EVENING_UI.finish}
      </Button>
      {confirm && (
        <ConfirmDialog
          title={EVENING_UI.finishConfirm}
          message={EVENING_UI.finishConfirmText}
          confirmLabel={EVENING_UI.finish}
          confirmVariant="primary"
          onCancel={() => setConfirm(false)}
          onConfirm={() => {
            setConfirm(false);
            actions.finish.mutate({ id: e.id });
          }}
        />
      )}
    </div>
  );
}

/** The evening's link to pass around; a private one's carries its token. */
function ShareCard({ e }: { e: TEvening }) {
  const [copied, setCopied] = useState(false);
  if (e.visibility === 'private' && !e.share_token) return null;
  const link = eveningLink(e);
  return (
    <TitledCard title={EVENING_UI.shareTitle}>
      <input
        className="input"
        readOnly
        aria-label={EVENING_UI.shareTitle}
        aria-describedby={`evening-share-${e.id}`}
        value={link}
        onFocus={(ev) => ev.target.select()}
      />
      <p className="muted" id={`evening-share-${e.id}`}>
        {EVENING_UI.shareHint}
      </p>
      <div className="row">
        <Button
          variant="secondary"
          onClick={() =>
            void navigator.clipboard?.writeText(link).then(
              () => setCopied(true),
              () => {},
            )
          }
        >
          {EVENING_UI.copy}
        </Button>
        {copied && <span role="status">{EVENING_UI.copied}</span>}
      </div>
    </TitledCard>
  );
}
