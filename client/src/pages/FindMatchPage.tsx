import { useEffect, useState } from 'react';
import { Link } from 'react-router-dom';
import { WANT_UI } from '../../../common/messages-wants';
import { countOf } from '../../../common/plural';
import { MatchGridSkeleton } from '../components/matches/MatchCardSkeleton';
import { MatchCardGrid, NoMatchesAvailable } from '../components/matches/MatchCardGrid';
import { NoticeSlot } from '../components/matches/NoticeSlot';
import { JoinDialogs } from '../components/matches/JoinDialogs';
import { useJoinMatch } from '../components/matches/useJoinMatch';
import { useLevelCatalogue } from '../components/matches/useLevelCatalogue';
import { useLoggedError } from '../components/matches/useLoggedError';
import { Button, EmptyState } from '../components/ui';
import { useAuth } from '../lib/auth';
import { useLiveCards } from '../lib/live';
import { trpc } from '../lib/trpc';
import { FilterBar } from './find/FilterBar';
import {
  EMPTY_FILTERS,
  hasFilters,
  loadFilters,
  saveFilters,
  toListInput,
  type FindFilters,
} from './find/filters';
import './matches.css';
import './find/find.css';

const PAGE_SIZE = 12;

export default function FindMatchPage() {
  const { user } = useAuth();
  const catalogue = useLevelCatalogue();
  const schedule = trpc.matches.schedule.useQuery();
  const places = trpc.places.list.useQuery();
  const unread = trpc.chat.unread.useQuery(undefined, { enabled: Boolean(user), retry: false });
  const today = schedule.data?.today ?? new Date().toISOString().slice(0, 10);
  const [filters, setFilters] = useState<FindFilters>(() =>
    user ? loadFilters(user.id, user.level, today) : EMPTY_FILTERS,
  );
  // Keyed on the id, not the user object: a refreshed session must not write these filters again.
  const userId = user?.id;
  useEffect(() => {
    if (userId !== undefined) saveFilters(userId, filters);
  }, [userId, filters]);

  const list = trpc.matches.list.useInfiniteQuery(
    { ...toListInput(filters), limit: PAGE_SIZE },
    { getNextPageParam: (page) => page.nextCursor ?? undefined },
  );
  useLoggedError(list.error, 'matches.list');
  const { notice, gridProps, dialogs } = useJoinMatch();
  const matches = list.data?.pages.flatMap((page) => page.items) ?? [];
  // The cards shown follow other players' joins and leaves live (the stream takes 500 at most).
  useLiveCards(matches.slice(0, 500).map((m) => m.id));

  return (
    <div className="page find-page">
      <div className="page-head">
        <div>
          <h1 className="page-title">Trouver un match</h1>
          <p className="page-lead">Rejoignez une partie à votre niveau près de chez vous.</p>
          <Link className="page-lead-link" to="/alertes">
            {WANT_UI.link}
          </Link>
        </div>
        <Link className="btn btn-secondary" to="/create-match">
          Créer un match
        </Link>
      </div>

      <FilterBar
        filters={filters}
        onChange={setFilters}
        days={schedule.data?.createDates ?? []}
        places={places.data ?? []}
        levels={catalogue ?? []}
      />

      <NoticeSlot notice={notice.notice} onClose={notice.clear} />
      <JoinDialogs {...dialogs} />

      {list.isPending ? (
        <MatchGridSkeleton count={6} />
      ) : matches.length === 0 ? (
        hasFilters(filters) ? (
          <EmptyState
            title="Aucun match ne correspond à vos filtres."
            action={
              <div className="row">
                <Button
                  variant="secondary"
                  onClick={() => setFilters({ ...EMPTY_FILTERS, order: filters.order })}
                >
                  Effacer les filtres
                </Button>
                <Link className="btn btn-primary" to="/create-match">
                  Créer ce match
                </Link>
              </div>
            }
          />
        ) : (
          <NoMatchesAvailable />
        )
      ) : (
        <>
          <p className="visually-hidden" role="status">
            {countOf(matches.length, 'match affiché', 'matchs affichés')}
          </p>
          {/* One grid in either order: a grid per day put one card a row on a wide screen. Each card says its day. */}
          <MatchCardGrid
            matches={matches}
            userId={user?.id}
            catalogue={catalogue}
            headingLevel={2}
            unread={unread.data}
            {...gridProps}
          />
          {list.hasNextPage && (
            <div className="load-more">
              <Button
                variant="secondary"
                loading={list.isFetchingNextPage}
                onClick={() => void list.fetchNextPage()}
              >
                Charger plus
              </Button>
            </div>
          )}
        </>
      )}
    </div>
  );
}
