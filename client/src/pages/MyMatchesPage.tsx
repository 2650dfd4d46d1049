import { useEffect } from 'react';
import { FindOrCreateLinks } from '../components/matches/MatchCardGrid';
import { DEFAULT_SETTINGS } from '../../../common/limits';
import { MatchGridSkeleton } from '../components/matches/MatchCardSkeleton';
import { MyMatchItem } from '../components/matches/MyMatchItem';
import { WaitingMatchItem } from '../components/matches/WaitingMatchItem';
import { MSG } from '../../../common/messages';
import { NoticeSlot } from '../components/matches/NoticeSlot';
import { useLevelCatalogue } from '../components/matches/useLevelCatalogue';
import { useLoggedError } from '../components/matches/useLoggedError';
import { useNotice } from '../components/matches/useNotice';
import { EmptyState } from '../components/ui';
import { useLiveCards } from '../lib/live';
import { saveOfflineSnapshot } from '../lib/offline-snapshot';
import { trpc } from '../lib/trpc';
import { offlineSnapshotOf } from './my-matches-offline';
import './matches.css';

function Counter({ value, label }: { value: number | undefined; label: string }) {
  return (
    <div className="card counter">
      <span className="counter-value">{value ?? '–'}</span>
      <span className="counter-label">{label}</span>
    </div>
  );
}

export default function MyMatchesPage() {
  const mine = trpc.matches.mine.useQuery();
  // Unread chat messages per match: a badge on each card (a failure just shows none).
  const unread = trpc.chat.unread.useQuery(undefined, { retry: false });
  useLoggedError(mine.error, 'matches.mine');
  const catalogue = useLevelCatalogue();
  const places = trpc.places.list.useQuery();
  const schedule = trpc.matches.schedule.useQuery();
  const settings = trpc.settings.get.useQuery(undefined, { retry: false });
  const notice = useNotice();
  const counters = mine.data?.counters;
  const matches = mine.data?.matches ?? [];
  const waiting = mine.data?.waiting ?? [];
  // Upcoming cards follow other players' joins and leaves live.
  useLiveCards(
    [...matches.filter((m) => !m.is_finished), ...waiting].slice(0, 500).map((m) => m.id),
  );
  const onNotice = (kind: 'success' | 'error', message: string) => notice[kind](message);

  // What the offline page shows of this list when the network is gone (on this device only).
  const mineData = mine.data;
  useEffect(() => {
    if (mineData) void saveOfflineSnapshot(offlineSnapshotOf(mineData, new Date())).catch(() => {});
  }, [mineData]);

  return (
    <div className="page my-matches-page">
      <div className="page-head">
        <div>
          <h1 className="page-title">Mes matchs</h1>
          <p className="page-lead">
            Les matchs que vous avez créés ou rejoints, et ceux que vous attendez.
          </p>
        </div>
      </div>

      <div className="counters" aria-label="Statistiques" role="group">
        <Counter value={counters?.created} label="Matchs créés" />
        <Counter value={counters?.joined} label="Matchs rejoints" />
        <Counter value={counters?.upcoming} label="À venir" />
        <Counter value={counters?.waiting} label={MSG.waitlist.counter} />
      </div>

      <NoticeSlot notice={notice.notice} onClose={notice.clear} />

      {mine.isPending ? (
        <MatchGridSkeleton count={2} />
      ) : matches.length === 0 && waiting.length === 0 ? (
        <EmptyState
          title="Vous n'avez encore aucun match."
          action={<FindOrCreateLinks className="row" />}
        />
      ) : (
        matches.length > 0 && (
          <div className="my-match-list">
            {matches.map((match) => (
              <MyMatchItem
                key={match.id}
                match={match}
                catalogue={catalogue}
                places={places.data ?? []}
                editDates={schedule.data?.editDates ?? []}
                editTimes={schedule.data?.editTimes ?? []}
                maxPlaces={(settings.data ?? DEFAULT_SETTINGS).max_places}
                onSuccess={notice.success}
                onError={notice.error}
                unread={unread.data?.[String(match.id)]}
              />
            ))}
          </div>
        )
      )}

      {waiting.length > 0 && (
        <section className="my-waiting" aria-labelledby="my-waiting-title">
          <h2 className="section-title" id="my-waiting-title">
            {MSG.waitlist.section}
          </h2>
          <div className="my-match-list">
            {waiting.map((match) => (
              <WaitingMatchItem
                key={match.id}
                match={match}
                catalogue={catalogue}
                onNotice={onNotice}
              />
            ))}
          </div>
        </section>
      )}
    </div>
  );
}
