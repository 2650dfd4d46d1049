import { Link } from 'react-router-dom';
import { countOf, plural } from '../../../../common/plural';
import { formatSets, RESULT_MSG } from '../../../../common/results';
import { errorMessage } from '../../lib/errors';
import { formatLongDate } from '../../lib/format';
import { trpc, type RouterOutputs } from '../../lib/trpc';
import { NoticeSlot } from '../matches/NoticeSlot';
import { useNotice } from '../matches/useNotice';
import { Button, TitledCard } from '../ui';
import './results.css';

/**
 * A player's record as `results.profile` answers it, shown the same way on their public page and
 * on « Mon Profil »: the figures, the level suggestion (their own only), and the history cards.
 */
export type Profile = RouterOutputs['results']['profile'];

/** Played, won, win rate and current streak, counts agreed in French (« 1 match joué »). */
export function ProfileStats({ profile }: { profile: Profile }) {
  const streak = Math.abs(profile.streak);
  return (
    <ul className="profile-stats">
      <li>
        <span className="stat-value">{profile.played}</span>{' '}
        {plural(profile.played, 'match joué', 'matchs joués')}
      </li>
      <li>
        <span className="stat-value">{profile.won}</span> {plural(profile.won, 'gagné', 'gagnés')}
      </li>
      <li>
        <span className="stat-value">
          {profile.win_rate === null ? '—' : `${profile.win_rate} %`}
        </span>{' '}
        de victoires
      </li>
      <li>
        <span className="stat-value">{streak === 0 ? '—' : streak}</span>{' '}
        {profile.streak < 0
          ? plural(streak, 'défaite de suite', 'défaites de suite')
          : plural(streak, 'victoire de suite', 'victoires de suite')}
      </li>
    </ul>
  );
}

/** The last results, favourite places and most frequent partners. */
export function ProfileHistory({ profile }: { profile: Profile }) {
  return (
    <>
      <TitledCard title="Derniers résultats">
        {profile.last_results.length === 0 ? (
          <p className="muted">Aucun résultat confirmé pour l’instant.</p>
        ) : (
          <ul className="plain">
            {profile.last_results.map((r) => (
              <li key={r.match_id}>
                <Link to={`/matches/${r.match_id}`}>
                  {formatLongDate(r.date)}, {r.place_name}
                </Link>{' '}
                : <strong>{formatSets(r.sets)}</strong> — {r.won ? RESULT_MSG.won : RESULT_MSG.lost}
              </li>
            ))}
          </ul>
        )}
      </TitledCard>

      <TitledCard title="Lieux favoris">
        {profile.favourite_places.length === 0 ? (
          <p className="muted">Pas encore de match joué.</p>
        ) : (
          <ul className="plain">
            {profile.favourite_places.map((p) => (
              <li key={p.place_id}>
                {p.name} ({countOf(p.count, 'match', 'matchs')})
              </li>
            ))}
          </ul>
        )}
      </TitledCard>

      <TitledCard title="Partenaires les plus fréquents">
        {profile.partners.length === 0 ? (
          <p className="muted">Pas encore de partenaire.</p>
        ) : (
          <ul className="plain">
            {profile.partners.map((p) => (
              <li key={p.user_id}>
                <Link to={`/joueurs/${p.user_id}`}>{p.name}</Link> (
                {countOf(p.count, 'match', 'matchs')})
              </li>
            ))}
          </ul>
        )}
      </TitledCard>
    </>
  );
}

/** "Vos derniers résultats correspondent au Niveau 5 — … Passer à ce niveau ?": yes or keep. */
export function LevelSuggestion({ text }: { text: string }) {
  const utils = trpc.useUtils();
  const notice = useNotice();
  const settle = {
    onSuccess: (r: { message: string }) => {
      notice.success(r.message);
      void utils.results.profile.invalidate();
      void utils.auth.me.invalidate();
    },
    onError: (e: Parameters<typeof errorMessage>[0]) =>
      notice.error(errorMessage(e, RESULT_MSG.suggestionNone)),
  };
  const accept = trpc.results.acceptSuggestion.useMutation(settle);
  const keep = trpc.results.keepLevel.useMutation(settle);
  return (
    <div className="level-suggestion" role="status">
      <p>{text}</p>
      <div className="result-actions">
        <Button loading={accept.isPending} onClick={() => accept.mutate()}>
          Passer à ce niveau
        </Button>
        <Button variant="secondary" loading={keep.isPending} onClick={() => keep.mutate()}>
          Garder mon niveau
        </Button>
      </div>
      <NoticeSlot notice={notice.notice} onClose={notice.clear} />
    </div>
  );
}
