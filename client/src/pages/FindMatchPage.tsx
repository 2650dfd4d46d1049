import { Link } from 'react-router-dom';
import { MSG } from '../../../common/messages';
import { MatchGridSkeleton } from '../components/matches/MatchCardSkeleton';
import { MatchCard } from '../components/matches/MatchCard';
import { useJoinMatch } from '../components/matches/useJoinMatch';
import { useLevelCatalogue } from '../components/matches/useLevelCatalogue';
import { useLoggedError } from '../components/matches/useLoggedError';
import { Button, EmptyState, Notice } from '../components/ui';
import { useAuth } from '../lib/auth';
import { trpc } from '../lib/trpc';
import './matches.css';

const PAGE_SIZE = 12;

export default function FindMatchPage() {
  const { user } = useAuth();
  const catalogue = useLevelCatalogue();
  const list = trpc.matches.list.useInfiniteQuery({ limit: PAGE_SIZE }, { getNextPageParam: (page) => page.nextCursor ?? undefined });
  useLoggedError(list.error, 'matches.list');
  const { join, joiningId, notice } = useJoinMatch();
  const matches = list.data?.pages.flatMap((page) => page.items) ?? [];

  return (
    <div className="page find-page">
      <div className="page-head">
        <div>
          <h1 className="page-title">Trouver un match</h1>
          <p className="page-lead">Rejoignez une partie à votre niveau près de chez vous.</p>
        </div>
        <Link className="btn btn-secondary" to="/create-match">
          Créer un match
        </Link>
      </div>

      {notice.notice && <Notice kind={notice.notice.kind} message={notice.notice.message} onClose={notice.clear} />}

      {list.isPending ? (
        <MatchGridSkeleton count={6} />
      ) : matches.length === 0 ? (
        <EmptyState
          title={MSG.match.noneAvailable}
          action={
            <Link className="btn btn-primary" to="/create-match">
              {MSG.match.createFirst}
            </Link>
          }
        />
      ) : (
        <>
          <p className="visually-hidden" role="status">
            {matches.length} match{matches.length > 1 ? 's' : ''} affiché{matches.length > 1 ? 's' : ''}
          </p>
          <div className="match-grid">
            {matches.map((match) => (
              <MatchCard
                key={match.id}
                match={match}
                userId={user?.id}
                catalogue={catalogue}
                joining={joiningId === match.id}
                onJoin={join}
                headingLevel={2}
              />
            ))}
          </div>
          {list.hasNextPage && (
            <div className="load-more">
              <Button variant="secondary" loading={list.isFetchingNextPage} onClick={() => void list.fetchNextPage()}>
                Charger plus
              </Button>
            </div>
          )}
        </>
      )}
    </div>
  );
}
