import { Link, useParams } from 'react-router-dom';
import { formatSets, RESULT_MSG } from '../../../common/results';
import { INT32_MAX } from '../../../common/schemas/primitives';
import { Avatar } from '../components/layout/Avatar';
import { NoticeSlot } from '../components/matches/NoticeSlot';
import { useNotice } from '../components/matches/useNotice';
import { Button, EmptyState, Spinner, TitledCard } from '../components/ui';
import { useDocumentTitle } from '../lib/document-title';
import { errorMessage } from '../lib/errors';
import { formatLongDate } from '../lib/format';
import { trpc, type RouterOutputs } from '../lib/trpc';
import '../components/results/results.css';

type Profile = RouterOutputs['results']['profile'];

const shortName = (p: Pick<Profile, 'first_name' | 'last_initial'>) =>
  p.last_initial ? `${p.first_name} ${p.last_initial}` : p.first_name;

/** `/joueurs/:id`: a player's public profile (no phone, no e-mail; photo for co-players only). */
export default function PlayerProfilePage() {
  const { id } = useParams();
  const userId = Number(id);
  const valid = /^\d+$/.test(id ?? '') && userId > 0 && userId <= INT32_MAX;
  const query = trpc.results.profile.useQuery({ id: userId }, { enabled: valid, retry: false });
  useDocumentTitle(
    query.data ? `${shortName(query.data)} — Padel Match` : 'Profil joueur — Padel Match',
  );
  if (!valid || query.error?.data?.code === 'NOT_FOUND')
    return (
      <div className="page player-profile">
        <EmptyState title={RESULT_MSG.profileNotFound}>
          <Link to="/find-match">Trouver un match</Link>
        </EmptyState>
      </div>
    );
  if (query.error)
    return <EmptyState title={errorMessage(query.error, RESULT_MSG.profileNotFound)} />;
  if (!query.data) return <Spinner />;
  return <PlayerProfile profile={query.data} />;
}

function PlayerProfile({ profile }: { profile: Profile }) {
  const name = shortName(profile);
  return (
    <div className="page player-profile">
      <section className="card" aria-labelledby="player-name">
        <div className="profile-head">
          <Avatar name={name} photo={profile.photo} className="player-avatar" />
          <div>
            <h1 className="page-title" id="player-name">
              {name}
            </h1>
            <p>
              {profile.level ? (
                <>
                  <span
                    className="level-swatch"
                    style={{ background: profile.level.couleur }}
                    aria-hidden="true"
                  />
                  {profile.level.niveau} — {profile.level.label}
                </>
              ) : (
                'Niveau non renseigné'
              )}
            </p>
            {profile.reliability.percent !== null && (
              <span className="tag tag-reliable">
                {RESULT_MSG.reliability(profile.reliability.percent)}
              </span>
            )}
          </div>
        </div>
        {profile.suggestion && <Suggestion text={profile.suggestion.text} />}
        <ul className="profile-stats">
          <li>
            <span className="stat-value">{profile.played}</span> matchs joués
          </li>
          <li>
            <span className="stat-value">{profile.won}</span> gagnés
          </li>
          <li>
            <span className="stat-value">
              {profile.win_rate === null ? '—' : `${profile.win_rate} %`}
            </span>{' '}
            de victoires
          </li>
          <li>
            <span className="stat-value">
              {profile.streak === 0 ? '—' : Math.abs(profile.streak)}
            </span>{' '}
            {profile.streak < 0 ? 'défaites de suite' : 'victoires de suite'}
          </li>
        </ul>
      </section>

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
                {p.name} ({p.count} match{p.count > 1 ? 's' : ''})
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
                <Link to={`/joueurs/${p.user_id}`}>{p.name}</Link> ({p.count} match
                {p.count > 1 ? 's' : ''})
              </li>
            ))}
          </ul>
        )}
      </TitledCard>
    </div>
  );
}

/** "Vos derniers résultats correspondent au Niveau 5 — … Passer à ce niveau ?": yes or keep. */
function Suggestion({ text }: { text: string }) {
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
