import { Link, useParams } from 'react-router-dom';
import { RESULT_MSG } from '../../../common/results';
import { INT32_MAX } from '../../../common/schemas/primitives';
import { Avatar } from '../components/layout/Avatar';
import {
  LevelSuggestion,
  ProfileHistory,
  ProfileStats,
  type Profile,
} from '../components/results/PlayerRecord';
import { LevelVerifiedBadge } from '../components/results/LevelTrust';
import { EmptyState, Spinner } from '../components/ui';
import { useDocumentTitle } from '../lib/document-title';
import { errorMessage } from '../lib/errors';
import { trpc } from '../lib/trpc';
import { LEVEL_TRUST_TEXT, PROVISIONAL_UNTIL } from '../../../common/messages-season';

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
                  {profile.level_verified ? (
                    <>
                      {' '}
                      <LevelVerifiedBadge />
                    </>
                  ) : (
                    profile.level_provisional && (
                      <>
                        {' '}
                        <span
                          className="tag"
                          title={LEVEL_TRUST_TEXT.provisionalHint(PROVISIONAL_UNTIL)}
                        >
                          {LEVEL_TRUST_TEXT.provisional}
                        </span>
                        <span className="visually-hidden">
                          {LEVEL_TRUST_TEXT.provisionalHint(PROVISIONAL_UNTIL)}
                        </span>
                      </>
                    )
                  )}
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
        {profile.suggestion && <LevelSuggestion text={profile.suggestion.text} />}
        <ProfileStats profile={profile} />
      </section>

      <ProfileHistory profile={profile} />
    </div>
  );
}
