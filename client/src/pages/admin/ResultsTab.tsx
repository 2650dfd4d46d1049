import { useState } from 'react';
import { formatSets, RESULT_MSG } from '../../../../common/results';
import { NoticeSlot } from '../../components/matches/NoticeSlot';
import { useNotice } from '../../components/matches/useNotice';
import { Button, CheckField, InputField } from '../../components/ui';
import { errorMessage } from '../../lib/errors';
import { formatLongDate } from '../../lib/format';
import { trpc } from '../../lib/trpc';
import { PanelHead } from './shared';

/**
 * Results and levels for the admin: contested results and absences to decide, the switch for level
 * suggestions, the distribution of players by level, and one player's hidden rating and history.
 */
export function ResultsTab() {
  const utils = trpc.useUtils();
  const notice = useNotice();
  const contested = trpc.results.adminContested.useQuery();
  const settings = trpc.results.adminSettings.useQuery();
  const distribution = trpc.results.adminDistribution.useQuery();
  const refresh = (message: string) => {
    notice.success(message);
    void utils.results.adminContested.invalidate();
  };
  const onError = (e: Parameters<typeof errorMessage>[0]) =>
    notice.error(errorMessage(e, 'Erreur'));
  // Another admin may have decided first (a French 409): the list is read again either way.
  const onDecideError = (e: Parameters<typeof errorMessage>[0]) => {
    onError(e);
    void utils.results.adminContested.invalidate();
  };
  const decide = trpc.results.adminDecide.useMutation({
    onSuccess: (r) => refresh(r.message),
    onError: onDecideError,
  });
  const decideAbsence = trpc.results.adminDecideNoShow.useMutation({
    onSuccess: (r) => refresh(r.message),
    onError: onDecideError,
  });
  const save = trpc.results.adminSetSettings.useMutation({
    onSuccess: () => {
      notice.success(RESULT_MSG.settingsSaved);
      void utils.results.adminSettings.invalidate();
    },
    onError,
  });
  const [playerId, setPlayerId] = useState('');
  const rating = trpc.results.adminRating.useQuery(
    { id: Number(playerId) },
    { enabled: /^\d+$/.test(playerId), retry: false },
  );

  return (
    <div className="admin-results">
      <PanelHead title="Résultats" lead="Résultats et absences contestés, suggestions de niveau." />
      <NoticeSlot notice={notice.notice} onClose={notice.clear} />
      <section className="card">
        <h3>Résultats contestés</h3>
        {contested.data?.results.length === 0 && <p className="muted">Aucun résultat contesté.</p>}
        <ul className="plain">
          {contested.data?.results.map((r) => (
            <li key={r.match_id} className="admin-contested">
              <p>
                {formatLongDate(r.date)}, {r.place_name} : <strong>{formatSets(r.sets)}</strong> (
                {r.teams.map((t) => t.map((p) => p.name).join(' et ')).join(' contre ')})
              </p>
              {r.reason && <p className="muted">Motif : {r.reason}</p>}
              <div className="result-actions">
                <Button
                  aria-label={RESULT_MSG.admin.confirmLabel(formatLongDate(r.date), r.place_name)}
                  onClick={() => decide.mutate({ id: r.match_id, decision: 'confirmed' })}
                >
                  Valider le résultat
                </Button>
                <Button
                  variant="secondary"
                  aria-label={RESULT_MSG.admin.rejectLabel(formatLongDate(r.date), r.place_name)}
                  onClick={() => decide.mutate({ id: r.match_id, decision: 'rejected' })}
                >
                  Refuser
                </Button>
              </div>
            </li>
          ))}
        </ul>
        <h3>Absences contestées</h3>
        {contested.data?.no_shows.length === 0 && (
          <p className="muted">Aucune absence contestée.</p>
        )}
        <ul className="plain">
          {contested.data?.no_shows.map((a) => (
            <li key={`${a.match_id}-${a.user_id}`} className="admin-contested">
              <p>
                {a.name}, match du {formatLongDate(a.date)}
                {a.reason ? ` : « ${a.reason} »` : ''}
              </p>
              <div className="result-actions">
                <Button
                  aria-label={RESULT_MSG.admin.upholdLabel(a.name, formatLongDate(a.date))}
                  onClick={() =>
                    decideAbsence.mutate({ id: a.match_id, userId: a.user_id, decision: 'upheld' })
                  }
                >
                  Maintenir l’absence
                </Button>
                <Button
                  variant="secondary"
                  aria-label={RESULT_MSG.admin.cancelLabel(a.name, formatLongDate(a.date))}
                  onClick={() =>
                    decideAbsence.mutate({
                      id: a.match_id,
                      userId: a.user_id,
                      decision: 'cancelled',
                    })
                  }
                >
                  Annuler l’absence
                </Button>
              </div>
            </li>
          ))}
        </ul>
      </section>
      <section className="card">
        <h3>Suggestions de niveau</h3>
        {settings.data && (
          <CheckField
            label="Proposer aux joueurs le niveau correspondant à leurs résultats"
            checked={settings.data.suggestions_enabled}
            onCheckedChange={(checked: boolean) => save.mutate({ suggestions_enabled: checked })}
          />
        )}
        <h3>Répartition des niveaux</h3>
        <table className="admin-table" aria-label="Répartition des niveaux">
          <thead>
            <tr>
              <th scope="col">Niveau</th>
              <th scope="col">Joueurs</th>
            </tr>
          </thead>
          <tbody>
            {distribution.data?.map((l) => (
              <tr key={l.niveau ?? 'none'}>
                <td>{l.niveau ? `${l.niveau} — ${l.label ?? ''}` : 'Niveau non renseigné'}</td>
                <td>{l.players}</td>
              </tr>
            ))}
          </tbody>
        </table>
        <h3>Classement caché d’un joueur</h3>
        <InputField
          label="Numéro du joueur"
          inputMode="numeric"
          value={playerId}
          onValueChange={setPlayerId}
        />
        {rating.error && (
          <p className="field-error" role="alert">
            {errorMessage(rating.error, RESULT_MSG.profileNotFound)}
          </p>
        )}
        {rating.data && (
          <div>
            <p>
              Classement : {rating.data.rating ?? 'aucun résultat confirmé'}
              {rating.data.suggestion ? ` — suggestion : ${rating.data.suggestion}` : ''}
            </p>
            <ul className="plain">
              {rating.data.history.map((h, i) => (
                <li key={i}>
                  {new Date(h.at).toLocaleDateString('fr-FR')} : {h.rating}
                  {h.match_id ? ` (match ${h.match_id})` : ''}
                </li>
              ))}
            </ul>
          </div>
        )}
      </section>
    </div>
  );
}
