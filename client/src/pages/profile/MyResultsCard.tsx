import { Link } from 'react-router-dom';
import { RESULT_MSG } from '../../../../common/results';
import {
  LevelSuggestion,
  ProfileHistory,
  ProfileStats,
} from '../../components/results/PlayerRecord';
import { Spinner, TitledCard } from '../../components/ui';
import { errorMessage } from '../../lib/errors';
import { trpc } from '../../lib/trpc';

/**
 * « Mon Profil »'s results: the player's figures and history as their public page shows them (the
 * same answer, the same components), and the way to that page.
 */
export function MyResultsCard({ userId }: { userId: number }) {
  const profile = trpc.results.profile.useQuery({ id: userId });
  const data = profile.data;
  return (
    <>
      <TitledCard title="Mes résultats" className="my-results">
        {profile.error ? (
          <p className="field-error" role="alert">
            {errorMessage(profile.error, RESULT_MSG.profileNotFound)}
          </p>
        ) : !data ? (
          <Spinner />
        ) : (
          <>
            {data.suggestion && <LevelSuggestion text={data.suggestion.text} />}
            <ProfileStats profile={data} />
          </>
        )}
        <Link to={`/joueurs/${userId}`}>Voir mon profil public</Link>
      </TitledCard>
      {data && <ProfileHistory profile={data} />}
    </>
  );
}
