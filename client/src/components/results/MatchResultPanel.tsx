import { useId, useState } from 'react';
import { Link } from 'react-router-dom';
import { MSG } from '../../../../common/messages';
import { formatSets, RESULT_MSG, type TTeamEntry } from '../../../../common/results';
import { ZResultBody } from '../../../../common/schemas/results';
import { NBSP } from '../../../../common/typography';
import { useAuth } from '../../lib/auth';
import { errorMessage } from '../../lib/errors';
import { formatDateTime } from '../../lib/format';
import { trpc, type RouterOutputs } from '../../lib/trpc';
import { NoticeSlot } from '../matches/NoticeSlot';
import { ReasonDialog } from '../matches/ReasonDialog';
import { useNotice } from '../matches/useNotice';
import { Button, ConfirmDialog, TitledCard } from '../ui';
import { LevelFeedback } from './LevelFeedback';
import './results.css';

type Detail = RouterOutputs['matches']['byId'];
type State = RouterOutputs['results']['forMatch'];
type Player = Detail['organiser'];

const STATUS_LABEL: Record<string, string> = {
  pending: 'En attente de confirmation',
  confirmed: 'Confirmé',
  contested: 'Contesté : un administrateur va trancher',
  rejected: 'Refusé',
};

const nameOf = (p: Player) => (p.last_initial ? `${p.first_name} ${p.last_initial}` : p.first_name);

/**
 * The result part of a finished match's page: the score and its status, confirm / contest for the
 * other team, the entry form for the players while there is none, reliability of each player and,
 * for the organiser within 48 h, « Signaler une absence » for each participant, asked once more
 * in a dialog naming the player (a report notifies them and weighs on their reliability). After a
 * confirmed result, its players give an anonymous word on their co-players' level (LevelFeedback).
 */
export function MatchResultPanel({ match, token }: { match: Detail; token?: string }) {
  const { user } = useAuth();
  // The same key as the player list's reliability badges: one request for both.
  const state = trpc.results.forMatch.useQuery({ id: match.id, ...(token ? { token } : {}) });
  const utils = trpc.useUtils();
  const notice = useNotice();
  const [contesting, setContesting] = useState<'result' | 'absence' | null>(null);
  const [reporting, setReporting] = useState<Player | null>(null);
  const presenceTitle = useId();
  const done = (message: string) => {
    notice.success(message);
    void utils.results.forMatch.invalidate({ id: match.id });
  };
  const fail = (err: Parameters<typeof errorMessage>[0]) =>
    notice.error(errorMessage(err, RESULT_MSG.noResult));
  const confirm = trpc.results.confirm.useMutation({
    onSuccess: (r) => done(r.message),
    onError: fail,
  });
  const contest = trpc.results.contest.useMutation({
    onSuccess: (r) => done(r.message),
    onError: fail,
    onSettled: () => setContesting(null),
  });
  const absent = trpc.results.markNoShow.useMutation({
    onSuccess: (r) => done(r.message),
    onError: fail,
    onSettled: () => setReporting(null),
  });
  const contestAbsence = trpc.results.contestNoShow.useMutation({
    onSuccess: (r) => done(r.message),
    onError: fail,
    onSettled: () => setContesting(null),
  });
  const players = [match.organiser, ...match.participants];
  const s = state.data;
  const absentIds = new Set(s?.absent.map((a) => a.user_id) ?? []);
  const iAmAbsent = s?.absent.find((a) => a.user_id === user?.id && a.status === 'absent');

  return (
    <TitledCard title="Résultat" className="match-result">
      {!s && <p className="muted">Chargement…</p>}
      {s?.result && <ResultView result={s.result} organiser={match.organiser.first_name} />}
      {s && !s.result && !s.can_enter && (
        <p className="muted">Aucun résultat n’a encore été saisi.</p>
      )}
      {s?.result?.can_answer && (
        <div className="result-actions">
          <Button loading={confirm.isPending} onClick={() => confirm.mutate({ id: match.id })}>
            Confirmer le résultat
          </Button>
          <Button variant="secondary" onClick={() => setContesting('result')}>
            Contester
          </Button>
        </div>
      )}
      {s?.result && (
        <LevelFeedback matchId={match.id} result={s.result} onSaved={done} onError={notice.error} />
      )}
      {s?.can_enter && <ResultForm match={match} players={players} onSaved={done} />}
      {s && (s.can_mark_absent || s.absent.length > 0) && (
        <>
          <h3 className="result-players-title" id={presenceTitle}>
            Présence des joueurs
          </h3>
          <ul className="result-players" aria-labelledby={presenceTitle}>
            {players.map((p) => {
              return (
                <li key={p.user_id}>
                  <Link to={`/joueurs/${p.user_id}`}>{nameOf(p)}</Link>
                  {absentIds.has(p.user_id) && <span className="tag tag-absent">Absent</span>}
                  {s.can_mark_absent &&
                    p.user_id !== match.organiser.user_id &&
                    !absentIds.has(p.user_id) && (
                      <Button variant="secondary" onClick={() => setReporting(p)}>
                        {RESULT_MSG.noShowReport}
                        <span className="visually-hidden">{`${NBSP}: ${nameOf(p)}`}</span>
                      </Button>
                    )}
                </li>
              );
            })}
          </ul>
        </>
      )}
      {iAmAbsent && (
        <Button variant="secondary" onClick={() => setContesting('absence')}>
          Contester mon absence
        </Button>
      )}
      <NoticeSlot notice={notice.notice} onClose={notice.clear} />
      <ConfirmDialog
        open={reporting !== null}
        title={RESULT_MSG.noShowReport}
        message={RESULT_MSG.noShowAsk(reporting ? nameOf(reporting) : '')}
        confirmLabel="Confirmer"
        loading={absent.isPending}
        onCancel={() => setReporting(null)}
        onConfirm={() => reporting && absent.mutate({ id: match.id, userId: reporting.user_id })}
      >
        <p className="muted">{RESULT_MSG.noShowAskDetail}</p>
      </ConfirmDialog>
      <ReasonDialog
        open={contesting !== null}
        title={contesting === 'absence' ? 'Contester votre absence' : 'Contester le résultat'}
        message="Expliquez pourquoi : un administrateur va trancher."
        confirmLabel="Contester"
        required={{ label: RESULT_MSG.reasonLabel, placeholder: RESULT_MSG.reasonPlaceholder }}
        loading={contest.isPending || contestAbsence.isPending}
        onCancel={() => setContesting(null)}
        onConfirm={(reason) => {
          if (!reason) return notice.error(RESULT_MSG.reasonInvalid);
          if (contesting === 'absence') contestAbsence.mutate({ id: match.id, reason });
          else contest.mutate({ id: match.id, reason });
        }}
      />
    </TitledCard>
  );
}

function ResultView({
  result,
  organiser,
}: {
  result: NonNullable<State['result']>;
  organiser: string;
}) {
  const side = result.viewer_side;
  const outcome = side === null ? null : side === result.winner ? RESULT_MSG.won : RESULT_MSG.lost;
  return (
    <div className="result-view">
      <p className="result-score">
        {formatSets(result.sets)}
        {outcome && <span className={`result-outcome result-${outcome}`}> — {outcome}</span>}
      </p>
      <p className="result-teams">
        {result.teams.map((t, i) => (
          <span key={i} className={i === result.winner ? 'result-team is-winner' : 'result-team'}>
            {t.map((p, k) => (
              <span key={'user_id' in p ? `u${p.user_id}` : `g${p.guest_id}`}>
                {k > 0 && ' et '}
                {'user_id' in p ? (
                  <Link to={`/joueurs/${p.user_id}`}>{p.name}</Link>
                ) : (
                  // A guest has no profile: their first name (players only) and whose guest.
                  <span className="result-guest">
                    {p.guest_name ? RESULT_MSG.guestNamed(p.guest_name, organiser) : p.name}
                  </span>
                )}
              </span>
            ))}
            {i === 0 ? ' contre ' : ''}
          </span>
        ))}
      </p>
      <p className={`tag result-status result-${result.status}`}>{STATUS_LABEL[result.status]}</p>
      {result.status === 'pending' && !result.has_answerer && result.auto_confirm_at && (
        <p className="muted">{RESULT_MSG.autoConfirm(formatDateTime(result.auto_confirm_at))}</p>
      )}
      {result.contest_reason && <p className="muted">Motif : {result.contest_reason}</p>}
    </div>
  );
}

/** One choice of the team selects: a player (`u:12`) or a reserved seat (`g:3`). */
interface Choice {
  key: string;
  label: string;
  entry: TTeamEntry;
}

/**
 * The entry form: two teams of two among the match's players and reserved-seat guests (« Marc
 * (invité de Paul) »), and 2 or 3 sets.
 */
function ResultForm({
  match,
  players,
  onSaved,
}: {
  match: Detail;
  players: Player[];
  onSaved: (message: string) => void;
}) {
  const organiser = match.organiser.first_name;
  const choices: Choice[] = [
    ...players.map((p) => ({ key: `u:${p.user_id}`, label: nameOf(p), entry: p.user_id })),
    ...match.guests.map((g) => ({
      key: `g:${g.id}`,
      label: g.name ? RESULT_MSG.guestNamed(g.name, organiser) : MSG.room.guestOf(organiser),
      entry: { guest: g.id },
    })),
  ];
  const [team, setTeam] = useState<string[]>(choices.slice(0, 4).map((c) => c.key));
  const entryOf = (i: number): TTeamEntry => choices.find((c) => c.key === team[i])?.entry ?? 0;
  const [sets, setSets] = useState<string[][]>([
    ['', ''],
    ['', ''],
    ['', ''],
  ]);
  const [error, setError] = useState<string | null>(null);
  const enter = trpc.results.enter.useMutation({
    onSuccess: (r) => onSaved(r.message),
    onError: (err) => setError(errorMessage(err, RESULT_MSG.noResult)),
  });
  const submit = () => {
    const body = {
      teams: [
        [entryOf(0), entryOf(1)],
        [entryOf(2), entryOf(3)],
      ],
      sets: sets
        .filter((s) => s[0] !== '' || s[1] !== '')
        .map((s) => s.map((v) => (/^\d+$/.test(v) ? Number(v) : -1))),
    };
    const parsed = ZResultBody.safeParse(body);
    if (!parsed.success) return setError(parsed.error.issues[0]?.message ?? RESULT_MSG.setsCount);
    setError(null);
    enter.mutate({ id: match.id, ...parsed.data });
  };
  return (
    <form
      className="result-form"
      onSubmit={(e) => {
        e.preventDefault();
        submit();
      }}
    >
      <p>Saisissez le résultat du match.</p>
      <div className="result-form-teams">
        {[0, 1].map((t) => (
          <fieldset key={t} className="result-team-field">
            <legend>Équipe {t + 1}</legend>
            {[0, 1].map((k) => {
              const i = t * 2 + k;
              return (
                <label key={k} className="field">
                  <span>Joueur {k + 1}</span>
                  <select
                    value={team[i]}
                    onChange={(e) =>
                      setTeam((cur) => cur.map((v, j) => (j === i ? e.target.value : v)))
                    }
                  >
                    {choices.map((c) => (
                      <option key={c.key} value={c.key}>
                        {c.label}
                      </option>
                    ))}
                  </select>
                </label>
              );
            })}
          </fieldset>
        ))}
      </div>
      <fieldset className="result-sets">
        <legend>
          Sets (le 3e seulement à un set partout ; super tie-break en 10 points possible)
        </legend>
        {sets.map((s, i) => (
          <div key={i} className="result-set">
            <span>Set {i + 1}</span>
            {[0, 1].map((k) => (
              <input
                key={k}
                inputMode="numeric"
                pattern="[0-9]*"
                maxLength={2}
                aria-label={`Set ${i + 1}, jeux de l’équipe ${k + 1}`}
                value={s[k]}
                onChange={(e) =>
                  setSets((cur) =>
                    cur.map((row, j) =>
                      j === i ? row.map((v, m) => (m === k ? e.target.value.trim() : v)) : row,
                    ),
                  )
                }
              />
            ))}
          </div>
        ))}
      </fieldset>
      {error && (
        <p className="field-error" role="alert">
          {error}
        </p>
      )}
      <Button type="submit" loading={enter.isPending}>
        Enregistrer le résultat
      </Button>
    </form>
  );
}
