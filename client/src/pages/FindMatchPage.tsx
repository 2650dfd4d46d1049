import { Link } from 'react-router-dom';
import { MatchGridSkeleton } from '../components/matches/MatchCardSkeleton';
import { MatchCardGrid, NoMatchesAvailable } from '../components/matches/MatchCardGrid';
import { NoticeSlot } from '../components/matches/NoticeSlot';
import { useJoinMatch } from '../components/matches/useJoinMatch';
import { useLevelCatalogue } from '../components/matches/useLevelCatalogue';
import { useLoggedError } from '../components/matches/useLoggedError';
import { Button } from '../components/ui';
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

      <NoticeSlot notice={notice.notice} onClose={notice.clear} />

      {list.isPending ? (
        <MatchGridSkeleton count={6} />
      ) : matches.length === 0 ? (
        <NoMatchesAvailable />
      ) : (
        <>
          <p className="visually-hidden" role="status">
            {matches.length} match{matches.length > 1 ? 's' : ''} affiché{matches.length > 1 ? 's' : ''}
          </p>
          <MatchCardGrid
            matches={matches}
            userId={user?.id}
            catalogue={catalogue}
            joiningId={joiningId}
            onJoin={join}
            headingLevel={2}
            onNotice={(kind, message) => notice[kind](message)}
          />
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
