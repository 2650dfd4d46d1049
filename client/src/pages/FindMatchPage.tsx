import { useEffect, useState } from 'react';
import { Link } from 'react-router-dom';
import { MatchGridSkeleton } from '../components/matches/MatchCardSkeleton';
import { MatchCardGrid, NoMatchesAvailable } from '../components/matches/MatchCardGrid';
import { NoticeSlot } from '../components/matches/NoticeSlot';
import { JoinLevelConfirm } from '../components/matches/JoinLevelConfirm';
import { useJoinMatch } from '../components/matches/useJoinMatch';
import { useLevelCatalogue } from '../components/matches/useLevelCatalogue';
import { useLoggedError } from '../components/matches/useLoggedError';
import { Button, EmptyState } from '../components/ui';
import { useAuth } from '../lib/auth';
import { trpc } from '../lib/trpc';
import { FilterBar } from './find/FilterBar';
import { dayHeading, EMPTY_FILTERS, groupByDay, hasFilters, loadFilters, saveFilters, toListInput, type FindFilters } from './find/filters';
import './matches.css';
import './find/find.css';

const PAGE_SIZE = 12;
/** Day chips: today and the next 13 days. */
const DAY_CHIPS = 14;

export default function FindMatchPage() {
  const { user } = useAuth();
  const catalogue = useLevelCatalogue();
  const schedule = trpc.matches.schedule.useQuery();
  const places = trpc.places.list.useQuery();
  const today = schedule.data?.today ?? new Date().toISOString().slice(0, 10);
  const [filters, setFilters] = useState<FindFilters>(() => (user ? loadFilters(user.id, user.level, today) : EMPTY_FILTERS));
  useEffect(() => {
    if (user) saveFilters(user.id, filters);
  }, [user, filters]);

  const list = trpc.matches.list.useInfiniteQuery(
    { ...toListInput(filters), limit: PAGE_SIZE },
    { getNextPageParam: (page) => page.nextCursor ?? undefined },
  );
  useLoggedError(list.error, 'matches.list');
  const { notice, gridProps, levelCheck } = useJoinMatch();
  const matches = list.data?.pages.flatMap((page) => page.items) ?? [];
  const grid = (items: typeof matches) => (
    <MatchCardGrid
      matches={items}
      userId={user?.id}
      catalogue={catalogue}
      // Grouped by day, each card's heading sits under its day's h2; ungrouped, right under the h1.
      headingLevel={filters.order === 'need' ? 2 : 3}
      {...gridProps}
    />
  );

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

      <FilterBar
        filters={filters}
        onChange={setFilters}
        days={(schedule.data?.createDates ?? []).slice(0, DAY_CHIPS)}
        places={places.data ?? []}
        levels={catalogue ?? []}
      />

      <NoticeSlot notice={notice.notice} onClose={notice.clear} />
      <JoinLevelConfirm {...levelCheck} />

      {list.isPending ? (
        <MatchGridSkeleton count={6} />
      ) : matches.length === 0 ? (
        hasFilters(filters) ? (
          <EmptyState
            title="Aucun match ne correspond à vos filtres."
            action={
              <div className="row">
                <Button variant="secondary" onClick={() => setFilters({ ...EMPTY_FILTERS, order: filters.order })}>
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
            {matches.length} match{matches.length > 1 ? 's' : ''} affiché{matches.length > 1 ? 's' : ''}
          </p>
          {filters.order === 'need'
            ? grid(matches)
            : groupByDay(matches).map((group) => (
                <section key={group.date} className="day-group" aria-label={dayHeading(group.date)}>
                  <h2 className="day-heading">{dayHeading(group.date)}</h2>
                  {grid(group.matches)}
                </section>
              ))}
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
