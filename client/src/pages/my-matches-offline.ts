import { MSG } from '../../../common/messages';
import { placesFact } from '../components/matches/MatchSummary';
import type { MyMatchView, MyWaitingMatchView } from '../components/matches/types';
import { formatLongDate, formatTime } from '../lib/format';
import type { OfflineMatch, OfflineSnapshot } from '../lib/offline-snapshot';

const common = (m: MyMatchView | MyWaitingMatchView) => ({
  id: m.id,
  place: m.place_name,
  address: `${m.address}, ${m.city}`,
  when: `${formatLongDate(m.date)} · ${formatTime(m.time)}`,
});

/** "Mes matchs" as the page shows it, in words, for the offline page (no personal data of others). */
export function offlineSnapshotOf(
  mine: { matches: readonly MyMatchView[]; waiting: readonly MyWaitingMatchView[] },
  now: Date,
): OfflineSnapshot {
  const matches: OfflineMatch[] = mine.matches.map((m) => ({
    ...common(m),
    status: m.is_finished
      ? `${MSG.match.finishedTag} · ${placesFact(m, true).text}`
      : placesFact(m, false).text,
  }));
  const waiting: OfflineMatch[] = mine.waiting.map((m) => ({
    ...common(m),
    status: MSG.waitlist.position(m.waitlist_position),
  }));
  return { savedAt: now.toISOString(), matches: [...matches, ...waiting] };
}
